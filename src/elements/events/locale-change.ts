import { $locale } from '../../stores/app/i18n'
import type { ElementEventSource } from '../element-types'

/** Detail of `agent-locale-change`. */
export interface LocaleChangeDetail {
  /** The language the console now speaks: en, es or fr. */
  locale: string
}

/** Fires `agent-locale-change` when the session's language changes. */
export const localeChange: ElementEventSource = (emit) =>
  $locale.listen((locale) => emit('agent-locale-change', { locale } satisfies LocaleChangeDetail))
