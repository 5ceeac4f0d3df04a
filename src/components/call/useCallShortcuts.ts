import { useEffect } from 'react'
import { toggleAudio, toggleAudioVideo, toggleVideo } from '../../stores/call/call-media'
import { hangUp } from '../../stores/call/call'
import { useShadowRoot } from '../root/shadow-root-context'
import { shortcutOf, type ShortcutId } from '../common/shortcuts'
import { learnKeyboardLayout } from '../../stores/app/keyboard-layout'

/**
 * The call's keyboard shortcuts (SPEC §2, `SHORTCUTS`): Alt+T audio and video together, M audio,
 * C video, W picture-in-picture, H hang up. They listen on the element's shadow root, so they act
 * only while the focus is inside the console, never while the agent types in the host page.
 *
 * @example
 * useCallShortcuts(active, togglePip)
 */
export function useCallShortcuts(active: boolean, togglePictureInPicture: () => void): void {
  const root = useShadowRoot()
  useEffect(() => {
    if (!active || !root) return
    void learnKeyboardLayout()
    const actions: Partial<Record<ShortcutId, () => void>> = {
      toggleBoth: toggleAudioVideo,
      toggleAudio,
      toggleVideo,
      pictureInPicture: togglePictureInPicture,
      hangUp: () => void hangUp(),
    }
    const onKey = (event: Event) => {
      const shortcut = shortcutOf(event as KeyboardEvent)
      const action = shortcut && actions[shortcut]
      if (!action) return
      event.preventDefault()
      action()
    }
    root.addEventListener('keydown', onKey)
    return () => root.removeEventListener('keydown', onKey)
  }, [active, root, togglePictureInPicture])
}
