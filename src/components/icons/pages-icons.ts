import { pageIcons } from './pages-icons.generated'
import { addIcons } from './register-icons'

/**
 * Registers the icons only the agent's pages show (icon-names.json `pages`: history, utilities,
 * profile); those pages call it when their chunk loads, as the call area does with its own.
 */
export function registerPageIcons(): void {
  addIcons(pageIcons)
}
