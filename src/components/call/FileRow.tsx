import { FormattedMessage, useIntl } from 'react-intl'
import { wasCancelled, type TransferItem } from '../../stores/call/files'
import { FileActions, type FileHandlers } from './FileActions'
import { TransferProgress } from './TransferProgress'
import { formatBytes } from './format-bytes'
import '@shoelace-style/shoelace/dist/components/icon/icon.js'
import '@shoelace-style/shoelace/dist/components/tag/tag.js'

const STATE_VARIANT: Record<TransferItem['state'], 'primary' | 'success' | 'neutral' | 'danger' | 'warning'> =
  {
    receiving: 'primary',
    sending: 'primary',
    saving: 'warning',
    received: 'success',
    sent: 'success',
    failed: 'danger',
    deleted: 'neutral',
  }

/**
 * One file of the list: name (text, isolated from the page's direction), type, size, which way it goes,
 * its state, progress while it moves, the reason when it failed, and its actions.
 */
export function FileRow({ item, handlers }: { item: TransferItem; handlers: FileHandlers }) {
  const intl = useIntl()
  const moving = item.state === 'receiving' || item.state === 'sending' || item.state === 'saving'
  const cancelled = wasCancelled(item)
  return (
    <li className="file-item" data-state={item.state} data-direction={item.direction} data-id={item.id}>
      <sl-icon
        className="file-direction"
        name={item.direction === 'in' ? 'arrow-down-circle' : 'arrow-up-circle'}
        label={intl.formatMessage({
          id: item.direction === 'in' ? 'call.files.fromCustomer' : 'call.files.toCustomer',
        })}
      ></sl-icon>
      <div className="file-main">
        <p className="file-name">
          <bdi>{item.name}</bdi>
        </p>
        <p className="file-meta">
          <span className="file-type">{item.type}</span> ·{' '}
          <span className="file-size">{formatBytes(intl, item.size)}</span> ·{' '}
          <span className="file-way">
            <FormattedMessage
              id={item.direction === 'in' ? 'call.files.fromCustomer' : 'call.files.toCustomer'}
            />
          </span>
        </p>
        {moving && <TransferProgress item={item} />}
        {item.error && (
          <p className="file-error" role="alert">
            <FormattedMessage id={item.error} />
          </p>
        )}
        <div className="file-footer">
          <p className="file-status">
            {/* A cancel is the agent's (or the customer's) choice, not an error: it reads "Cancelled". */}
            <sl-tag
              size="small"
              variant={cancelled ? 'neutral' : STATE_VARIANT[item.state]}
              className="file-state"
              data-cancelled={cancelled || undefined}
            >
              <FormattedMessage
                id={cancelled ? 'call.files.state.cancelled' : `call.files.state.${item.state}`}
              />
            </sl-tag>
            {item.savedId && (
              <sl-tag size="small" variant="success" className="file-saved">
                <FormattedMessage id="call.files.saved" />
              </sl-tag>
            )}
          </p>
          <FileActions item={item} handlers={handlers} />
        </div>
      </div>
    </li>
  )
}
