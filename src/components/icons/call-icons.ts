import { callIcons } from './call-icons.generated'
import { addIcons } from './register-icons'

/**
 * Registers the icons only the call area shows (icon-names.json `call`); its views call it when their
 * chunk loads. A call, not an import for its side effect: a host's bundler may drop those from the npm
 * build (package.json `sideEffects` names the element entries only).
 */
export function registerCallIcons(): void {
  addIcons(callIcons)
}
