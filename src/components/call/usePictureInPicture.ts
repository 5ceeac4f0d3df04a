import { useCallback, useEffect, type RefObject } from 'react'

/** Whether this browser can put a video in picture-in-picture. */
function supported(video: HTMLVideoElement | null): video is HTMLVideoElement {
  return !!video && document.pictureInPictureEnabled && typeof video.requestPictureInPicture === 'function'
}

/** Enters picture-in-picture; the browser may refuse without a user gesture, which is not an error here. */
async function enter(video: HTMLVideoElement | null): Promise<void> {
  if (!supported(video) || document.pictureInPictureElement === video || video.readyState < 1) return
  await video.requestPictureInPicture().catch(() => undefined)
}

async function leave(): Promise<void> {
  if (document.pictureInPictureElement) await document.exitPictureInPicture().catch(() => undefined)
}

/**
 * Picture-in-picture of the customer's video during a call (SPEC §2): toggled by the returned function
 * (Alt+w), entered when the window loses focus, left when it gets focus back. Where the browser offers
 * automatic picture-in-picture for video calls (Media Session `enterpictureinpicture`), that is used
 * too, as it works without a gesture.
 *
 * @example
 * const togglePip = usePictureInPicture(remoteVideo, active)
 */
export function usePictureInPicture(video: RefObject<HTMLVideoElement | null>, active: boolean): () => void {
  useEffect(() => {
    if (!active) return
    const onBlur = () => void enter(video.current)
    const onFocus = () => void leave()
    window.addEventListener('blur', onBlur)
    window.addEventListener('focus', onFocus)
    const session = navigator.mediaSession as MediaSession | undefined
    try {
      session?.setActionHandler(
        'enterpictureinpicture' as MediaSessionAction,
        () => void enter(video.current),
      )
    } catch {
      // Not offered by this browser.
    }
    return () => {
      window.removeEventListener('blur', onBlur)
      window.removeEventListener('focus', onFocus)
      try {
        session?.setActionHandler('enterpictureinpicture' as MediaSessionAction, null)
      } catch {
        // Not offered by this browser.
      }
      void leave()
    }
  }, [active, video])

  return useCallback(() => {
    if (document.pictureInPictureElement) void leave()
    else void enter(video.current)
  }, [video])
}
