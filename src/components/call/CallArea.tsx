import { Placeholder } from '../placeholders/Placeholder'

/** Stand-in until its feature lands. */
export default function CallArea() {
  return <Placeholder titleId="placeholder.callPanel" />
}
