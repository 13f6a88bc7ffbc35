import { redirect } from '@remix-run/node'
import { type ShopSession, type Toast } from './session.server'

/** A toast lists at most this many detail lines; the cookie that carries it stays small (issue 14). */
export const MAX_TOAST_DETAILS = 5
const MAX_DETAIL_LENGTH = 300

/**
 * The toast as the session keeps it: at most MAX_TOAST_DETAILS lines of bounded length, the last of them
 * saying how many more there were (`more`, already in the shopper's language).
 */
export function boundedToast(toast: Toast, more: (count: number) => string): Toast {
  if (!toast.details) return toast
  const cut = (line: string) =>
    line.length > MAX_DETAIL_LENGTH ? `${line.slice(0, MAX_DETAIL_LENGTH - 1)}…` : line
  const overflow = toast.details.length - MAX_TOAST_DETAILS
  const details =
    overflow > 0
      ? [...toast.details.slice(0, MAX_TOAST_DETAILS - 1).map(cut), more(overflow + 1)]
      : toast.details.map(cut)
  return { ...toast, details }
}

/** Post/redirect/get with a one-shot message shown as a toast on the next page. */
export async function redirectWithToast(session: ShopSession, url: string, toast: Toast, status = 303) {
  session.flash('toast', toast)
  return redirect(url, { status })
}
