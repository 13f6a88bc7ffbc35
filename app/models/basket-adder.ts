/**
 * What the page's add-to-basket machinery shows (spec §4 "Adding to basket", §9), as a reducer: the opened
 * mini basket with the lines just added, the error banner of refusals, the line whose mandatory choices
 * the modal asks for, and whether adds are being collected. Pure, so each transition is testable.
 */

/** What the collected adds get back from the add route (JavaScript): the texts, the lines to highlight. */
export type AddAnswer = {
  added: string | null
  lineIds: string[]
  problems: string[]
  /** A line the add made whose product asks for mandatory selections or accessories: the modal asks for them. */
  mandatory: string | null
}

export type AdderView = {
  /** The mini basket is open, these lines highlighted, with this message. */
  open: { lineIds: string[]; message: string | null } | null
  /** Refusals of the last add, shown for ERROR_BANNER_MS. */
  banner: string[] | null
  /** The line the mandatory-choices modal is for. */
  promptLine: string | null
  /** Adds are collected and not sent yet. */
  collecting: boolean
}

export type AdderEvent =
  | { type: 'collected' }
  | { type: 'sent' }
  /** The add route answered; the mini basket does not open on the basket page, which shows the lines. */
  | { type: 'answered'; answer: AddAnswer; onBasketPage: boolean }
  | { type: 'panelClosed' }
  | { type: 'bannerExpired' }
  | { type: 'promptClosed' }
  /** Leaving the page closes the mini basket and the modal. */
  | { type: 'navigated' }

export const ADDER_START: AdderView = { open: null, banner: null, promptLine: null, collecting: false }

export function adderReducer(view: AdderView, event: AdderEvent): AdderView {
  switch (event.type) {
    case 'collected':
      return view.collecting ? view : { ...view, collecting: true }
    case 'sent':
      return { ...view, collecting: false }
    case 'answered': {
      const { answer, onBasketPage } = event
      return {
        ...view,
        open: answer.added && !onBasketPage ? { lineIds: answer.lineIds, message: answer.added } : view.open,
        banner: answer.problems.length ? answer.problems : view.banner,
        promptLine: answer.mandatory ?? view.promptLine,
      }
    }
    case 'panelClosed':
      return { ...view, open: null }
    case 'bannerExpired':
      return { ...view, banner: null }
    case 'promptClosed':
      return { ...view, promptLine: null }
    case 'navigated':
      return { ...view, open: null, promptLine: null }
  }
}
