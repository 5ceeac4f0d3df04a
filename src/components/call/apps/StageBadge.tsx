import { FormattedMessage } from 'react-intl'
import type { StageStatus } from '../../../protocol'
import { STAGE_LOOKS } from '../../../stores/call/app-panels'

/** A stage status in its colour (SPEC §4: 0 red, 1 gray, 2 blue, 3 green) and in words: never colour alone. */
export function StageBadge({ status }: { status: StageStatus | null }) {
  if (status === null)
    return (
      <span className="stage-badge" data-tone="none">
        <FormattedMessage id="call.apps.stageNotStarted" />
      </span>
    )
  const look = STAGE_LOOKS[status]
  return (
    <span className="stage-badge" data-status={status} data-tone={look.tone}>
      <FormattedMessage id="call.apps.stage" values={{ status, label: look.label }} />
    </span>
  )
}
