import { inboundIcons } from './inbound-icons.generated'
import { addIcons } from './register-icons'

/**
 * Registers the icons only the inbound-call modal shows (icon-names.json `inbound`); the inbound area
 * calls it when its chunk loads, as the call area does with its own.
 */
export function registerInboundIcons(): void {
  addIcons(inboundIcons)
}
