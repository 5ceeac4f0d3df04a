import { useEffect, useRef } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $startup, checkDevices, confirmStartup } from '../../stores/session/startup'
import { requestFocus } from '../../stores/app/focus-request'

/**
 * The startup modal (SPEC §2): camera preview, which devices exist, and connect, enabled only with a
 * microphone. A capture error shows the browser's message and a try-again button; nothing connects.
 */
export function StartupModal() {
  const intl = useIntl()
  const state = useStore($startup)
  const dialog = useRef<HTMLDialogElement>(null)
  const video = useRef<HTMLVideoElement>(null)

  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal()
    void checkDevices()
    // The dialog goes away with the focus (Connect): the agent's next action is their status.
    return () => requestFocus('status')
  }, [])
  useEffect(() => {
    if (video.current) video.current.srcObject = state.preview
  }, [state.preview])

  const { microphone, camera } = state.devices
  const ready = state.phase === 'ready'
  return (
    <dialog
      ref={dialog}
      className="startup"
      aria-labelledby="startup-title"
      // The check must be passed: Escape does not dismiss it.
      onCancel={(event) => event.preventDefault()}
    >
      <h2 id="startup-title">
        <FormattedMessage id="startup.title" />
      </h2>
      {state.phase === 'checking' && (
        <p role="status">
          <FormattedMessage id="startup.checking" />
        </p>
      )}
      {state.phase === 'failed' && state.error && (
        <div className="notice danger" role="alert">
          <p>
            <FormattedMessage
              id="startup.error"
              values={{ message: `${state.error.reason}: ${state.error.message}` }}
            />
          </p>
          {state.error.advice !== 'none' && (
            <p>
              <FormattedMessage id="media.captureAdvice" values={{ advice: state.error.advice }} />
            </p>
          )}
        </div>
      )}
      {ready && (
        <>
          {camera ? (
            <video
              ref={video}
              className="preview"
              autoPlay
              muted
              playsInline
              aria-label={intl.formatMessage({ id: 'startup.preview' })}
            />
          ) : (
            <p className="notice warning">
              <FormattedMessage id="startup.noCamera" />
            </p>
          )}
          <ul className="devices">
            <li data-device="microphone" data-found={microphone}>
              <sl-icon name={microphone ? 'mic' : 'mic-mute'} aria-hidden="true"></sl-icon>
              <FormattedMessage id="startup.microphone" />:{' '}
              <FormattedMessage id={microphone ? 'startup.found' : 'startup.missing'} />
            </li>
            <li data-device="camera" data-found={camera}>
              <sl-icon name={camera ? 'camera-video' : 'camera-video-off'} aria-hidden="true"></sl-icon>
              <FormattedMessage id="startup.camera" />:{' '}
              <FormattedMessage id={camera ? 'startup.found' : 'startup.missing'} />
            </li>
          </ul>
          {!microphone && (
            <p className="notice danger" role="alert">
              <FormattedMessage id="startup.needsMicrophone" />
            </p>
          )}
        </>
      )}
      <div className="startup-actions">
        {state.phase === 'failed' && (
          <button type="button" className="button" onClick={() => void checkDevices()}>
            <sl-icon name="arrow-clockwise" aria-hidden="true"></sl-icon>
            <FormattedMessage id="startup.retry" />
          </button>
        )}
        <button
          type="button"
          className="button primary"
          disabled={!ready || !microphone}
          onClick={confirmStartup}
        >
          <FormattedMessage id="startup.connect" />
        </button>
      </div>
    </dialog>
  )
}
