import { registerIconLibrary } from '@shoelace-style/shoelace/dist/utilities/icon-library.js'
import { icons } from './icons.generated'

const known: Record<string, string> = { ...icons }

/** Shoelace's default library answering from the bundle (it would fetch icons from a base path). */
function register(): void {
  registerIconLibrary('default', {
    resolver: (name) =>
      `data:image/svg+xml,${encodeURIComponent(
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16" fill="currentColor">${known[name] ?? ''}</svg>`,
      )}`,
    mutator: (svg) => svg.setAttribute('fill', 'currentColor'),
  })
}

/**
 * Adds the icons a lazy area brings; icons already on the page that wait for one of them redraw
 * (registering the library again makes Shoelace resolve its icons anew).
 *
 * @example
 * addIcons(callIcons)
 */
export function addIcons(more: Record<string, string>): void {
  Object.assign(known, more)
  register()
}

register()
