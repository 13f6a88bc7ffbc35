import type { ReactNode } from 'react'

export type Column = {
  label: ReactNode
  /** Amounts and counts: right-aligned (`num`). */
  numeric?: boolean
  /** Named for screen readers only (a column of checkboxes or links). */
  hidden?: boolean
}

/**
 * The header row of a data table: one column header each. A list that must read on a phone without sideways
 * scrolling takes the class `card-table` and gives each cell its column's label in `data-label`: below 768 px
 * each row is then a card of labelled values (app.css, "Account tables on phones").
 */
export function TableHead({ columns }: { columns: Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, i) => (
          <th key={i} scope="col" className={column.numeric ? 'num' : undefined}>
            {column.hidden ? <span className="visually-hidden">{column.label}</span> : column.label}
          </th>
        ))}
      </tr>
    </thead>
  )
}
