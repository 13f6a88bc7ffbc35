import type { CSSProperties } from 'react'

/**
 * How many columns a grid of `count` items takes when it may take at most `max`: the most that leave no empty
 * slot in the last row (8 items at most 6 a row: 4, two full rows), down to half of `max`; `max` when no
 * count in that range divides the items (a prime number of them).
 */
export function fullRowColumns(count: number, max: number): number {
  if (count > 0 && count <= max) return count
  for (let columns = max; columns >= Math.ceil(max / 2); columns--) if (count % columns === 0) return columns
  return max
}

/** The widest a home grid may be, by the page's width (app.css reads these from `.home-grid`). */
export type GridMaxima = { phone: number; tablet: number; laptop: number; desktop: number }

/** The columns of a home grid at each width as CSS custom properties, each leaving no empty slot. */
export function fullRowGrid(count: number, max: GridMaxima): CSSProperties {
  return {
    '--columns-phone': fullRowColumns(count, max.phone),
    '--columns-tablet': fullRowColumns(count, max.tablet),
    '--columns-laptop': fullRowColumns(count, max.laptop),
    '--columns-desktop': fullRowColumns(count, max.desktop),
  } as CSSProperties
}
