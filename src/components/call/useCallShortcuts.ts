import { useEffect } from 'react'
import { toggleAudio, toggleAudioVideo, toggleVideo } from '../../stores/call/call-media'

/**
 * The call's keyboard shortcuts (SPEC §2), with Alt: t audio and video together, m audio, c video,
 * w picture-in-picture. Read by key position (`KeyT`…), so they work whatever Alt types on a Mac or
 * in another keyboard layout.
 *
 * @example
 * useCallShortcuts(active, togglePip)
 */
export function useCallShortcuts(active: boolean, togglePictureInPicture: () => void): void {
  useEffect(() => {
    if (!active) return
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.repeat) return
      const action = {
        KeyT: toggleAudioVideo,
        KeyM: toggleAudio,
        KeyC: toggleVideo,
        KeyW: togglePictureInPicture,
      }[event.code]
      if (!action) return
      event.preventDefault()
      action()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [active, togglePictureInPicture])
}
