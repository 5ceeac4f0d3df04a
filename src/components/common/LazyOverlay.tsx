import type { ComponentType } from 'react'
import { FormattedMessage } from 'react-intl'
import type { MessageId } from '../../stores/app/i18n'
import { reloadConsolePage } from '../../stores/app/page-reload'
import { ChunkFailureDialog } from './ChunkFailureDialog'
import { chunkFailureMessageId, useLazyModule } from './useLazyModule'
import { useTurnedOn } from './useTurnedOn'

interface LazyOverlayProps<P extends object> {
  /** Imports the chunk; its default export is the overlay's component. */
  load: () => Promise<{ default: ComponentType<P> }>
  /** Props handed to the loaded component. */
  props: P
  /** The overlay's name, the failure dialog's heading. */
  titleId: MessageId
  /** The agent closed the failure dialog: the overlay is no longer wanted. */
  onClose: () => void
  /**
   * Whether the overlay is wanted now (default true): an owner that keeps it mounted once opened (a
   * drawer animating its close) shows no failure while it is closed, and opening it again asks again.
   */
  open?: boolean
}

/**
 * Renders an overlay (a drawer the agent opened) from its lazy chunk. Unlike {@link LazyArea} it takes
 * no room in the page: while the chunk loads only a screen reader hears it, and a failure is a modal
 * dialog with a retry and a close, not a box under the bottom menu.
 *
 * @example
 * <LazyOverlay load={loadScheduleArea} props={{ onClose }} titleId="shell.schedule" onClose={onClose} />
 */
export function LazyOverlay<P extends object>({
  load,
  props,
  titleId,
  onClose,
  open = true,
}: LazyOverlayProps<P>) {
  const [state, retry] = useLazyModule(load)
  // Only opening it again asks again.
  useTurnedOn(open, retry, state.status === 'failed')
  if (state.status === 'loading')
    return (
      <p className="visually-hidden" role="status">
        <FormattedMessage id="app.loading" />
      </p>
    )
  if (state.status === 'failed') {
    if (!open) return null
    const messageId = chunkFailureMessageId(state)
    return (
      <ChunkFailureDialog
        titleId={titleId}
        messageId={messageId}
        onRetry={retry}
        onReload={messageId === 'errors.chunkStuck' ? reloadConsolePage : undefined}
        onClose={onClose}
      />
    )
  }
  const Overlay = state.module.default
  return <Overlay {...props} />
}
