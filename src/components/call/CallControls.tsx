import { useEffect, useRef } from 'react'
import { useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $localMedia, toggleAudio, toggleAudioVideo, toggleVideo } from '../../stores/call/call-media'
import { $hangingUp, $inMeeting, hangUp } from '../../stores/call/call'
import type { MessageId } from '../../stores/app/i18n'
import { $focusRequest, clearFocusRequest, requestFocus } from '../../stores/app/focus-request'
import { BackgroundPicker } from './BackgroundPicker'
import '@shoelace-style/shoelace/dist/components/button/button.js'
import '@shoelace-style/shoelace/dist/components/icon/icon.js'
import '@shoelace-style/shoelace/dist/components/icon-button/icon-button.js'
import '@shoelace-style/shoelace/dist/components/tooltip/tooltip.js'

interface CallControlsProps {
  togglePictureInPicture: () => void
}

/**
 * Microphone, camera, both, the virtual background, picture-in-picture and hang-up. Each toggle is a real button with a
 * pressed state and its shortcut in the name, so a screen reader says what it does and how.
 */
export function CallControls({ togglePictureInPicture }: CallControlsProps) {
  const intl = useIntl()
  const media = useStore($localMedia)
  const hangingUp = useStore($hangingUp)
  const meeting = useStore($inMeeting)
  const label = (id: MessageId, shortcut: string) => `${intl.formatMessage({ id })} (Alt+${shortcut})`
  const toolbar = useRef<HTMLDivElement>(null)
  const focusWanted = useStore($focusRequest) === 'call'

  // After Answer, the focus lands on the first control that can hold it (the media ones wait for
  // the camera); when the call ends, it goes back to the status.
  useEffect(() => {
    if (!focusWanted || !media.stream) return
    const first = toolbar.current?.querySelector<HTMLElement & { updateComplete?: Promise<unknown> }>(
      '.control:not([disabled])',
    )
    if (!first) return
    clearFocusRequest('call')
    // A Shoelace button can take the focus once it has rendered its own inner button.
    void customElements
      .whenDefined(first.localName)
      .then(() => first.updateComplete)
      .then(() => first.focus())
  }, [focusWanted, media.stream])
  useEffect(() => () => requestFocus('status'), [])

  return (
    <div
      ref={toolbar}
      className="call-controls"
      role="toolbar"
      aria-label={intl.formatMessage({ id: 'call.controls.label' })}
    >
      <sl-icon-button
        className={`control ${media.audio ? '' : 'off'}`}
        name={media.audio ? 'mic' : 'mic-mute'}
        label={label(media.audio ? 'call.controls.muteAudio' : 'call.controls.unmuteAudio', 'm')}
        aria-pressed={media.audio ? 'false' : 'true'}
        disabled={!media.stream}
        onClick={toggleAudio}
      ></sl-icon-button>
      <sl-icon-button
        className={`control ${media.video ? '' : 'off'}`}
        name={media.video ? 'camera-video' : 'camera-video-off'}
        label={label(media.video ? 'call.controls.muteVideo' : 'call.controls.unmuteVideo', 'c')}
        aria-pressed={media.video ? 'false' : 'true'}
        disabled={!media.stream}
        onClick={toggleVideo}
      ></sl-icon-button>
      <sl-icon-button
        className="control"
        name="mic-mute-fill"
        label={label('call.controls.toggleBoth', 't')}
        disabled={!media.stream}
        onClick={toggleAudioVideo}
      ></sl-icon-button>
      <BackgroundPicker />
      <sl-icon-button
        className="control"
        name="pip"
        label={label('call.controls.pictureInPicture', 'w')}
        onClick={togglePictureInPicture}
      ></sl-icon-button>
      <sl-button
        variant="danger"
        className="hangup-button"
        loading={hangingUp}
        title={label(meeting ? 'call.controls.endMeeting' : 'call.controls.hangup', 'h')}
        aria-keyshortcuts="Alt+H"
        onClick={() => void hangUp()}
      >
        <sl-icon slot="prefix" name="telephone-x" aria-hidden="true"></sl-icon>
        {intl.formatMessage({ id: meeting ? 'call.controls.endMeeting' : 'call.controls.hangup' })}
      </sl-button>
    </div>
  )
}
