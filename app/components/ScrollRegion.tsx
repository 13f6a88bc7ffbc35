import type { ReactNode } from 'react'

/**
 * A table (or anything wide) that scrolls sideways inside the page at phone width instead of widening it. The
 * region is named and focusable, so that keyboard users can scroll it too (WCAG 2.1.1; axe's
 * scrollable-region-focusable) even when nothing inside it takes focus.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="scroll-region" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  )
}
