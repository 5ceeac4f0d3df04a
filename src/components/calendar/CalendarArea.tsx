import { Placeholder } from '../placeholders/Placeholder'

/** Stand-in until its feature lands. */
export default function CalendarArea() {
  return <Placeholder titleId="placeholder.calendar" />
}
