import { useCallback, useEffect, useRef, useState } from 'react'
import { isSticky } from '~/models/scroll-widgets'

/**
 * The sticky header (spec §2.5, feature stickyHeader): from 170 px of scroll the header is fixed at the top of
 * the window, its search behind a toggle; `slotHeight` keeps the header's place in the page at its height from
 * before, so nothing below moves. Toggling the search off unsets it (spec §4.6: the typed term is cleared), and
 * leaving the sticky state closes it. Without JavaScript the header stays where it is.
 */
export function useStickyHeader(enabled: boolean) {
  const ref = useRef<HTMLElement>(null)
  const [sticky, setSticky] = useState(false)
  const [slotHeight, setSlotHeight] = useState<number | undefined>(undefined)
  const [searchOpen, setSearchOpen] = useState(false)
  useEffect(() => {
    if (!enabled) return
    let frame = 0
    const update = () => {
      frame = 0
      const next = isSticky(true, window.scrollY)
      setSticky((was) => {
        if (next && !was) setSlotHeight(ref.current?.offsetHeight)
        if (!next && was) setSlotHeight(undefined)
        return next
      })
    }
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update)
    }
    update()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      cancelAnimationFrame(frame)
    }
  }, [enabled])
  const searchInput = () => ref.current?.querySelector<HTMLInputElement>('input[type="search"]')
  useEffect(() => {
    if (!sticky) setSearchOpen(false)
  }, [sticky])
  const toggleSearch = useCallback(() => {
    setSearchOpen((open) => {
      const input = searchInput()
      if (open && input) input.value = ''
      return !open
    })
  }, [])
  useEffect(() => {
    if (searchOpen) searchInput()?.focus()
  }, [searchOpen])
  return { ref, sticky, slotHeight, searchOpen, toggleSearch }
}
