import { useFetcher } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { mandatoryPath } from '~/models/basket'
import type { MandatoryPrompt } from '~/models/mandatory'

/**
 * The choices' form is a Conform form (the prompt page's): it loads with the first prompt, not with every
 * catalog page (issue 19's page budget).
 */
const loadChoices = () => import('../MandatoryChoices').then((module) => module.MandatoryChoices)

/**
 * The modal asking for a line's mandatory selections and accessories (ADR 0011): it loads the prompt
 * page's data for the line and the choices' code, and opens once both are there, complete (focus on its
 * first control, as a page would have it); its form posts to the prompt route like the page's. Closing it
 * (Escape, "later") hands the line back through `onClose`.
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
  const [Choices, setChoices] = useState<Awaited<ReturnType<typeof loadChoices>>>()

  useEffect(() => {
    if (lineId) void load.current(mandatoryPath(lang, lineId))
  }, [lang, lineId])

  useEffect(() => {
    if (lineId && !Choices) void loadChoices().then((component) => setChoices(() => component))
  }, [lineId, Choices])

  const data = lineId && prompt.data?.prompt.lineId === lineId ? prompt.data.prompt : undefined
  useEffect(() => {
    const dialog = dialogRef.current
    if (data && Choices && dialog && !dialog.open) dialog.showModal()
  }, [data, Choices])

  if (!data || !Choices) return null
  return (
    <dialog
      ref={dialogRef}
      className="mandatory-dialog"
      aria-labelledby="mandatory-dialog-title"
      onClose={onClose}
    >
      <Choices prompt={data} headingId="mandatory-dialog-title" onLater={onClose} />
    </dialog>
  )
}
