import { within } from '@testing-library/react'

/** The text of each data cell of each row, as a reader of the table meets it (row headers aside). */
export const cellTexts = (rows: HTMLElement[]) =>
  rows.map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  )
