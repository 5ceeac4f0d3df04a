import { useIntl } from 'react-intl'
import type { RecordingStatus } from '../../protocol'

/** A recording's status with its own colour and translated name. */
export function RecordingStatusTag({ status }: { status: RecordingStatus }) {
  const intl = useIntl()
  return (
    <span className={`status-tag status-${status}`} data-status={status}>
      {intl.formatMessage({ id: 'recordings.status' }, { status })}
    </span>
  )
}
