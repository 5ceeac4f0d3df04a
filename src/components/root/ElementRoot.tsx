import type { ReactNode } from 'react'
import { IntlProvider } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $messages } from '../../stores/app/i18n'
import { ShadowRootContext } from './shadow-root-context'
import { ErrorBoundary } from './ErrorBoundary'
import { GenericError } from '../common/GenericError'
import { Toaster } from '../toasts/Toaster'
import { useShoelaceLang } from './shoelace-lang'

interface ElementRootProps {
  /** The shadow root r2wc renders into. */
  container: ShadowRoot | null
  children: ReactNode
}

/**
 * Wraps every element's tree: translations, the shadow root for styles, and an error boundary so a
 * failing view shows the generic error instead of a blank element.
 */
export function ElementRoot({ container, children }: ElementRootProps) {
  const loaded = useStore($messages)
  useShoelaceLang(container, loaded?.locale ?? 'en')
  if (!loaded) return null
  return (
    <ShadowRootContext.Provider value={container}>
      <IntlProvider locale={loaded.locale} messages={loaded.messages} defaultLocale="en">
        <div className="agent-root" part="root" lang={loaded.locale}>
          <ErrorBoundary fallback={(retry) => <GenericError messageId="errors.view" onRetry={retry} />}>
            {children}
          </ErrorBoundary>
          <Toaster />
        </div>
      </IntlProvider>
    </ShadowRootContext.Provider>
  )
}
