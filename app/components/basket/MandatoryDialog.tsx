import { useFetcher } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { mandatoryPath } from '~/models/basket'
import type { MandatoryPrompt } from '~/models/mandatory'
import { MandatoryChoices } from '../MandatoryChoices'

/**
 * The modal asking for a line's mandatory selections and accessories (ADR 0011): it loads the prompt
 * page's data for the line and opens once the data is there; its form posts to the prompt route like
 * the page's. Closing it (Escape, "later") hands the line back through `onClose`.
 */
export function MandatoryDialog({
  lang,
  lineId,
  onClose,
}: {
  lang: string
  lineId: string | null
  onClose: () => void
}) {
  const prompt = useFetcher<{ prompt: MandatoryPrompt }>({ key: 'mandatory-prompt' })
  const load = useRef(prompt.load)
  load.current = prompt.load
  const dialogRef = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    if (lineId) void load.current(mandatoryPath(lang, lineId))
  }, [lang, lineId])

  const data = lineId && prompt.data?.prompt.lineId === lineId ? prompt.data.prompt : undefined
  useEffect(() => {
    const dialog = dialogRef.current
    if (data && dialog && !dialog.open) dialog.showModal()
  }, [data])

  if (!data) return null
  return (
    <dialog
      ref={dialogRef}
      className="mandatory-dialog"
      aria-labelledby="mandatory-dialog-title"
      onClose={onClose}
    >
      <MandatoryChoices prompt={data} headingId="mandatory-dialog-title" onLater={onClose} />
    </dialog>
  )
}
