import type { CSSResult } from 'lit'

/**
 * Pixels per `rem` in a `@container` or `@media` condition. A condition cannot hold `var()` (the whole
 * query would be dropped, silently: the narrow layouts never applied), and a `rem` there is the host
 * page's root size, so the console's breakpoints are fixed at the default 16px.
 */
const REM_PX = 16

/**
 * The console's sizes in its own unit instead of the host page's `rem`: `1.5rem` becomes
 * `calc(1.5 * var(--agent-rem))`, `--agent-rem` being set on each element's `:host` (16px unless the host
 * page sets `--agent-size`), so a host rule such as `html { font-size: 30px }` does not resize the console.
 *
 * In a `@container` or `@media` condition a `rem` becomes pixels instead (see `REM_PX`).
 *
 * @example
 * withOwnRem('padding: 0.5rem') // 'padding: calc(0.5 * var(--agent-rem))'
 * withOwnRem('@container (max-width: 48rem) {') // '@container (max-width: 768px) {'
 */
export function withOwnRem(cssText: string): string {
  return cssText
    .replace(/@(container|media)[^{]*\{/g, (prelude) =>
      prelude.replace(
        /(^|[^\w.-])(\d*\.?\d+)rem\b/g,
        (_, before: string, n: string) => `${before}${Number(n) * REM_PX}px`,
      ),
    )
    .replace(/(^|[^\w.-])(-?\d*\.?\d+)rem\b/g, '$1calc($2 * var(--agent-rem))')
}

const sheets = new WeakMap<CSSResult, CSSStyleSheet>()

/**
 * A stylesheet of `result` with its `rem` lengths in the console's own unit (see `withOwnRem`), made once
 * per CSS result and shared by every shadow root that adopts it. Null where constructable stylesheets
 * are missing.
 */
export function ownRemSheet(result: CSSResult): CSSStyleSheet | null {
  let sheet = sheets.get(result)
  if (sheet) return sheet
  if (!result.styleSheet) return null
  if (!/\drem\b/.test(result.cssText)) sheet = result.styleSheet
  else {
    sheet = new CSSStyleSheet()
    sheet.replaceSync(withOwnRem(result.cssText))
  }
  sheets.set(result, sheet)
  return sheet
}
