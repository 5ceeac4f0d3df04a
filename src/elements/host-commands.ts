import { logout } from '../stores/session/session'
import { claimSession } from '../stores/session/login'

/** What the host page may ask of the session, loaded on demand by `setup.ts` (its one dynamic import of stores). */
export const hostCommands = { logout, claimSession }
