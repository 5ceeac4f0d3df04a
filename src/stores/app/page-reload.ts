import { reloadPage } from '../../services/page'

/**
 * Reloads the page from a view: what is left when a lazy chunk cannot be loaded again in this page
 * (one it imports failed, and the browser keeps that failure until the page is reloaded).
 *
 * @example
 * <GenericError messageId="errors.chunkStuck" onRetry={retry} onReload={reloadConsolePage} />
 */
export function reloadConsolePage(): void {
  reloadPage()
}
