import { createContext, useContext } from 'react'

/** The shadow root an element renders into; views adopt their stylesheets there. */
export const ShadowRootContext = createContext<ShadowRoot | null>(null)

/** The shadow root of the element this view renders in, or null outside one (unit tests). */
export function useShadowRoot(): ShadowRoot | null {
  return useContext(ShadowRootContext)
}
