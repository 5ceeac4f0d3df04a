import type { ComponentType } from 'react'
import { FormattedMessage } from 'react-intl'
import { reloadConsolePage } from '../../stores/app/page-reload'
import { GenericError } from './GenericError'
import { chunkFailureMessageId, useLazyModule } from './useLazyModule'

interface LazyAreaProps<P extends object> {
  /** Imports the chunk; its default export is the area's component. */
  load: () => Promise<{ default: ComponentType<P> }>
  /** Props handed to the loaded component. */
  props: P
}

/**
 * Renders a heavy area from its lazy chunk: a loading line meanwhile, the generic error with a retry
 * when the chunk fails or takes over two minutes, never a blank element. When a retry fails too (a chunk
 * the failed one imports stays unloadable in this page), the error also offers to reload the page.
 *
 * @example
 * <LazyArea load={() => import('../calendar/CalendarArea')} props={{}} />
 */
export function LazyArea<P extends object>({ load, props }: LazyAreaProps<P>) {
  const [state, retry] = useLazyModule(load)
  if (state.status === 'loading')
    return (
      <p className="lazy-loading" role="status">
        <FormattedMessage id="app.loading" />
      </p>
    )
  if (state.status === 'failed') {
    const messageId = chunkFailureMessageId(state)
    return (
      <GenericError
        messageId={messageId}
        onRetry={retry}
        onReload={messageId === 'errors.chunkStuck' ? reloadConsolePage : undefined}
      />
    )
  }
  const Area = state.module.default
  return <Area {...props} />
}
