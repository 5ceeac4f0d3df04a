/**
 * An enum value as a key of an ICU `select` message: ICU keys cannot hold a hyphen, so
 * `customer-left` becomes `customerLeft` and `marimba-2` becomes `marimba2`.
 *
 * @example
 * intl.formatMessage({ id: 'history.outcome' }, { outcome: selectKey('customer-left') })
 */
export function selectKey(value: string): string {
  return value.replace(/-+([a-z0-9])/gi, (_, next: string) => next.toUpperCase())
}
