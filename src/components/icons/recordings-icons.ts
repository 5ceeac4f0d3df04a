import { recordingIcons } from './recordings-icons.generated'
import { addIcons } from './register-icons'

/**
 * Registers the icons only the recordings pages show (icon-names.json `recordings`: sorting, playing,
 * downloading, deleting, paging); those pages call it when their chunk loads. Apart from the other
 * pages' group because the history page, the first one after login, does not need them.
 */
export function registerRecordingIcons(): void {
  addIcons(recordingIcons)
}
