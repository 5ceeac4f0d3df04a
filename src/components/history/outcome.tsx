import { FormattedMessage } from 'react-intl'
import type { CallOutcome, HistoryVia } from '../../protocol'
import { formatClock } from '../status/format-clock'
import { selectKey } from '../common/select-key'

/** The colour of each outcome's tag. */
const OUTCOME_TONE: Record<CallOutcome, string> = {
  answered: 'success',
  attended: 'success',
  transferred: 'primary',
  dismissed: 'warning',
  missed: 'danger',
  'customer-left': '',
  kicked: 'danger',
}

/** A call's outcome as a coloured tag. */
export function OutcomeTag({ outcome }: { outcome: CallOutcome }) {
  return (
    <span className={`tag ${OUTCOME_TONE[outcome]}`} data-outcome={outcome}>
      <FormattedMessage id="history.outcome" values={{ outcome: selectKey(outcome) }} />
    </span>
  )
}

/** How the call reached the agent, when it was not the plain queue. */
export function ViaNote({ via }: { via: HistoryVia }) {
  if (via === 'inbound') return null
  return (
    <span className="meta via">
      <FormattedMessage id="history.via" values={{ via }} />
    </span>
  )
}

/** Talk time as hh:mm:ss; a dash when the agent never talked. */
export function TalkTime({ ms }: { ms: number }) {
  return <>{ms > 0 ? formatClock(ms) : '—'}</>
}
