import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { isolateBidi } from '../../lib/bidi'
import '@shoelace-style/shoelace/dist/components/button/button.js'

interface VideoTileProps {
  stream: MediaStream | null
  /** Who it shows (a caption and the video's accessible name). */
  label: string
  /** The agent's own image: muted (no echo) and mirrored. */
  self?: boolean
  className?: string
  /** Receives the video element (picture-in-picture uses the customer's). */
  onVideo?: (video: HTMLVideoElement | null) => void
  /** Shown over the video (what the media path says). */
  children?: ReactNode
}

/**
 * One participant's video. When the browser refuses to play sound without a click (a reload landed
 * the agent back in the call), the video plays muted and a button turns the sound on.
 */
export function VideoTile({
  stream,
  label,
  self = false,
  className = '',
  onVideo,
  children,
}: VideoTileProps) {
  const own = useRef<HTMLVideoElement | null>(null)
  const [blocked, setBlocked] = useState(false)

  useEffect(() => {
    const video = own.current
    if (!video) return
    if (video.srcObject !== stream) video.srcObject = stream
    if (!stream) return
    video.muted = self
    video.play().catch((error: unknown) => {
      if ((error as DOMException)?.name !== 'NotAllowedError' || self) return
      video.muted = true
      setBlocked(true)
      void video.play().catch(() => undefined)
    })
  }, [stream, self])

  const setRefs = useCallback(
    (element: HTMLVideoElement | null) => {
      own.current = element
      onVideo?.(element)
    },
    [onVideo],
  )

  return (
    <figure
      className={`video-tile ${self ? 'self' : 'remote'} ${className}`}
      data-has-stream={stream ? 'true' : 'false'}
    >
      <video ref={setRefs} autoPlay playsInline muted={self} aria-label={isolateBidi(label)}></video>
      <figcaption>
        <bdi>{label}</bdi>
      </figcaption>
      {children}
      {blocked && (
        <sl-button
          size="small"
          className="unmute-remote"
          onClick={() => {
            if (own.current) own.current.muted = false
            setBlocked(false)
          }}
        >
          <FormattedMessage id="call.video.enableSound" />
        </sl-button>
      )}
    </figure>
  )
}
