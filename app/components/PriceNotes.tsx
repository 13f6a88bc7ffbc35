import { useTranslation } from '~/components/useTranslation'
import { API_CODES } from '~/models/api-codes'
import type { ApiMessageData } from '~/models/api-message'
import { messageText } from '~/models/messages'

/** Infos that explain a price: the delivery country is taxed at another rate than the prices were shown with. */
const PRICE_NOTES = new Set<string>([API_CODES.taxDestinationChanged])

/** Why the amounts differ from the prices the shopper saw (review, receipt, order): the API's notes. */
export function PriceNotes({ infos }: { infos: ApiMessageData[] }) {
  const { t } = useTranslation()
  const notes = infos.filter((info) => PRICE_NOTES.has(info.code))
  if (!notes.length) return null
  return (
    // The live region around the list: a list given role="status" would no longer hold its items.
    <div role="status">
      <ul className="basket-infos" data-testid="price-notes">
        {notes.map((info) => (
          <li key={info.code}>{messageText(t, info)}</li>
        ))}
      </ul>
    </div>
  )
}
