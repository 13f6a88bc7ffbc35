import { useTranslation } from '~/components/useTranslation'
import type { Inventory } from '~/models/inventory'

export function StockStatus({ inventory, available }: { inventory?: Inventory; available: boolean }) {
  const { t } = useTranslation()
  const status = inventory?.status ?? (available ? 1 : 3)
  if (status === 3) return <p className="stock stock-out">{t('product.stock.out_of_stock')}</p>
  if (status === 2)
    return <p className="stock stock-low">{t('product.stock.low', { count: inventory?.stock ?? 0 })}</p>
  return <p className="stock stock-in">{t('product.stock.in_stock')}</p>
}
