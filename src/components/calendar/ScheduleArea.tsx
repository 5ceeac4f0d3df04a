import { Placeholder } from '../placeholders/Placeholder'

/** Stand-in until its feature lands. */
export default function ScheduleArea() {
  return <Placeholder titleId="placeholder.calendar" />
}
