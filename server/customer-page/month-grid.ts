import { weekdayNames } from './appointment-format'

function cell(className: string, text: string): HTMLSpanElement {
  const element = document.createElement('span')
  element.className = className
  element.textContent = text
  // Seen, not read: the buttons' names say the full date, weekday included.
  element.setAttribute('aria-hidden', 'true')
  return element
}

/**
 * A month (YYYY-MM-01) laid out as a calendar, weeks from Monday: the weekdays' short names, then
 * each day of the month, its button when it has a free time (`buttons`, by day of the month), a
 * greyed number when it has none.
 */
export function monthGrid(month: string, buttons: Map<number, HTMLButtonElement>): Node[] {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number]
  const length = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate()
  // Columns before the 1st: getUTCDay counts from Sunday (0), the grid from Monday.
  const before = (new Date(Date.UTC(year, monthNumber - 1, 1)).getUTCDay() + 6) % 7
  const cells: Node[] = weekdayNames().map((name) => cell('weekday-name', name))
  for (let column = 0; column < before; column++) cells.push(cell('no-day', ''))
  for (let day = 1; day <= length; day++) cells.push(buttons.get(day) ?? cell('no-slot', String(day)))
  return cells
}
