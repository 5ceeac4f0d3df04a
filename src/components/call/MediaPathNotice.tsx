import { FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $mediaPaths } from '../../stores/call/media-path'
import '@shoelace-style/shoelace/dist/components/icon/icon.js'

interface MediaPathNoticeProps {
  /** The participant whose media path it tells of. */
  peerId: string
  /** Their name, as the tile shows it. */
  name: string
}

/**
 * Over a participant's video: "Reconnecting media…" while the path is being restored, and why the video
 * could not connect when it never did (instead of a black video with no word); nothing while it connects
 * or flows. The live region is always there, so a screen reader hears each message once, when it comes.
 *
 * @example
 * <MediaPathNotice peerId={customer.peerId} name={customer.name} />
 */
export function MediaPathNotice({ peerId, name }: MediaPathNoticeProps) {
  const state = useStore($mediaPaths)[peerId]
  const shown = state === 'reconnecting' || state === 'failed' ? state : null
  return (
    <div className="media-path-region" role="status" aria-atomic="true">
      {shown && (
        <p className={`media-path media-path-${shown}`} data-state={shown} data-peer-id={peerId}>
          <sl-icon
            name={shown === 'failed' ? 'exclamation-triangle' : 'arrow-repeat'}
            aria-hidden="true"
          ></sl-icon>{' '}
          {shown === 'failed' ? (
            <FormattedMessage id="call.mediaPath.failed" values={{ name: <bdi>{name}</bdi> }} />
          ) : (
            <FormattedMessage id="call.mediaPath.reconnecting" />
          )}
        </p>
      )}
    </div>
  )
}
