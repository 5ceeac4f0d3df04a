import { registerIconLibrary } from '@shoelace-style/shoelace/dist/utilities/icon-library.js'
import { icons } from './icons.generated'

// Shoelace's default library would fetch icons from a base path; ours answers from the bundle.
registerIconLibrary('default', {
  resolver: (name) => `data:image/svg+xml,${encodeURIComponent(icons[name] ?? '')}`,
  mutator: (svg) => svg.setAttribute('fill', 'currentColor'),
})
