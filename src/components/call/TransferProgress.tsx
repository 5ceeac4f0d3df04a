import { FormattedMessage, useIntl } from 'react-intl'
import type { TransferItem } from '../../stores/call/files'
import { formatBytes, formatSpeed, formatTimeLeft } from './format-bytes'
import { ProgressBar } from '../common/ProgressBar'

/** A file on the move: a bar, bytes so far of the whole, speed and time left (or that it waits to resume). */
export function TransferProgress({ item }: { item: TransferItem }) {
  const intl = useIntl()
  const percent = item.size > 0 ? Math.min(100, (item.bytes / item.size) * 100) : 0
  const done = formatBytes(intl, item.bytes)
  const total = formatBytes(intl, item.size)
  return (
    <div className="transfer-progress">
      <ProgressBar
        value={percent}
        label={intl.formatMessage({ id: 'call.files.progressLabel' }, { name: item.name })}
      />
      <p className="transfer-figures">
        <span className="transfer-bytes">
          <FormattedMessage id="call.files.bytesOf" values={{ done, total }} />
        </span>
        {item.interrupted ? (
          <span className="transfer-interrupted">
            <FormattedMessage id="call.files.interrupted" />
          </span>
        ) : (
          <>
            {item.speed !== null && <span className="transfer-speed">{formatSpeed(intl, item.speed)}</span>}
            {item.remainingMs !== null && (
              <span className="transfer-left">
                <FormattedMessage
                  id="call.files.timeLeft"
                  values={{ time: formatTimeLeft(intl, item.remainingMs) }}
                />
              </span>
            )}
          </>
        )}
      </p>
    </div>
  )
}
