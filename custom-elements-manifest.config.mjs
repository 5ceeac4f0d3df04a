// custom-elements.json from the source: the five elements, their attributes, properties and events.
import { r2wcPlugin } from './scripts/cem-r2wc-plugin.mjs'

export default {
  globs: ['src/elements/element-types.ts', 'src/elements/events/event-map.ts', 'src/elements/agent-*.tsx'],
  outdir: '.',
  plugins: [r2wcPlugin()],
}
