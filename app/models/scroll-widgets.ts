/**
 * When the shell's scroll widgets show (spec shell §2.5, §2.7, §9): pure, so the rules are tested without a
 * browser; the components feed them the window's scroll position.
 */

/** Spec §9: back-to-top margin and minimum scroll. */
export const BACK_TO_TOP_MARGIN = 50
/** Spec §2.5, §9: the sticky header starts when the page is scrolled this far. */
export const STICKY_HEADER_FROM = 170

/** The back-to-top button's state: shown or not, the last position, and where the current upward scroll began. */
export type BackToTopState = { visible: boolean; lastY: number; upFrom: number }

export const INITIAL_BACK_TO_TOP: BackToTopState = { visible: false, lastY: 0, upFrom: 0 }

/**
 * Spec §2.7: the button appears when the shopper scrolls up by more than 50 px while at least 50 px from the
 * top, and hides at the top or when scrolling down.
 */
export function nextBackToTop(state: BackToTopState, y: number): BackToTopState {
  const position = Math.max(0, y)
  if (position < BACK_TO_TOP_MARGIN) return { visible: false, lastY: position, upFrom: position }
  if (position > state.lastY) return { visible: false, lastY: position, upFrom: position }
  if (position === state.lastY) return state
  // Scrolling up: measured from where the upward movement started.
  const upFrom = state.lastY > state.upFrom ? state.lastY : state.upFrom
  const visible = state.visible || upFrom - position > BACK_TO_TOP_MARGIN
  return { visible, lastY: position, upFrom }
}

/** Spec §2.5: sticky from 170 px on, only with feature stickyHeader. */
export const isSticky = (enabled: boolean, y: number) => enabled && y >= STICKY_HEADER_FROM
