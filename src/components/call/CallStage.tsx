import { useCallback, useRef } from 'react'
import { useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $localMedia, $participants } from '../../stores/call/call-media'
import { $callCustomer, $customerGone } from '../../stores/call/call-customer'
import { CallControls } from './CallControls'
import { RecordingBar } from './RecordingBar'
import { VideoTile } from './VideoTile'
import { MediaPathNotice } from './MediaPathNotice'
import { useCallShortcuts } from './useCallShortcuts'
import { usePictureInPicture } from './usePictureInPicture'

/**
 * The video area: the customer large (or the first participant), other participants in a strip, the
 * agent's own image small, and the controls. Shortcuts and picture-in-picture live here, where the
 * customer's video element is.
 */
export function CallStage() {
  const intl = useIntl()
  const participants = useStore($participants)
  const local = useStore($localMedia)
  const customer = useStore($callCustomer)
  const customerGone = useStore($customerGone)
  const main = participants.find((p) => p.role === 'customer') ?? participants[0] ?? null
  const others = participants.filter((p) => p !== main)
  const mainName = main ? main.name || intl.formatMessage({ id: 'call.video.customer' }) : ''
  const mainVideo = useRef<HTMLVideoElement | null>(null)
  const onMainVideo = useCallback((video: HTMLVideoElement | null) => {
    mainVideo.current = video
  }, [])
  const togglePip = usePictureInPicture(mainVideo, true)
  useCallShortcuts(true, togglePip)

  return (
    <div className="call-stage" part="call-stage">
      <div className="main-video">
        {main ? (
          <VideoTile stream={main.stream} label={mainName} onVideo={onMainVideo}>
            <MediaPathNotice peerId={main.peerId} name={mainName} />
          </VideoTile>
        ) : (
          <p className="waiting-video">
            {intl.formatMessage({ id: customerGone ? 'call.customer.gone' : 'call.video.waiting' })}
          </p>
        )}
      </div>
      {/* Below the video, in the flow: over it, the agent's own image covered it. */}
      {customer.permissions && (!customer.permissions.camera || !customer.permissions.microphone) && (
        <p className="permission-warning" role="status">
          {intl.formatMessage(
            { id: 'call.customer.permissions' },
            {
              denied:
                !customer.permissions.camera && !customer.permissions.microphone
                  ? 'both'
                  : customer.permissions.camera
                    ? 'microphone'
                    : 'camera',
            },
          )}
        </p>
      )}
      {others.length > 0 && (
        <div className="other-videos">
          {others.map((participant) => (
            <VideoTile key={participant.peerId} stream={participant.stream} label={participant.name}>
              <MediaPathNotice peerId={participant.peerId} name={participant.name} />
            </VideoTile>
          ))}
        </div>
      )}
      <VideoTile
        stream={local.stream}
        self
        label={intl.formatMessage({ id: 'call.video.you' })}
        className="self-video"
      />
      <RecordingBar />
      <CallControls togglePictureInPicture={togglePip} />
    </div>
  )
}
