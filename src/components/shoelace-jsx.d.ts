// JSX typing for the Shoelace elements used in views: their properties, and their `sl-*` events as
// `onsl-*` props, which React 19 attaches as listeners on custom elements.
import type {} from '@shoelace-style/shoelace'
import type { HTMLAttributes, RefAttributes } from 'react'

type SlTag = Extract<keyof HTMLElementTagNameMap, `sl-${string}`>

type SlEventProps = { [event: `onsl-${string}`]: ((event: CustomEvent) => void) | undefined }

type SlElementProps<E> = Partial<Omit<E, keyof HTMLElement | 'children'>> &
  HTMLAttributes<E> &
  RefAttributes<E> &
  SlEventProps & { class?: string; slot?: string }

type SlIntrinsicElements = { [K in SlTag]: SlElementProps<HTMLElementTagNameMap[K]> }

declare module 'react' {
  namespace JSX {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface IntrinsicElements extends SlIntrinsicElements {}
  }
}
