import { importWithRetries } from '../../services/chunk-import'
import { alertAgent } from './notifications'

/** What makes the bundle: its own chunk, loaded only for an agent who asks for the file. */
export interface DiagnosticsMaker {
  downloadDiagnostics(): Promise<boolean>
}

const loadMaker = (): Promise<DiagnosticsMaker> => import('./diagnostics')

/**
 * Makes and downloads the diagnostic bundle (the profile menu's entry). Its chunk loads on the first ask
 * and is asked again on a network blip; a chunk that never comes is said, as a bundle that could not be
 * made is. Resolves whether the file was saved.
 *
 * @example
 * await requestDiagnostics()
 */
export async function requestDiagnostics(
  load: () => Promise<DiagnosticsMaker> = loadMaker,
): Promise<boolean> {
  let maker: DiagnosticsMaker
  try {
    maker = await importWithRetries(load)
  } catch (error) {
    console.warn('[agent-console] the diagnostics could not be loaded', error)
    alertAgent({ variant: 'danger', messageId: 'profile.diagnostics.failed', key: 'diagnostics' })
    return false
  }
  return maker.downloadDiagnostics()
}
