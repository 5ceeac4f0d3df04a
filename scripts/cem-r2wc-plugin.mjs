// A custom-elements-manifest analyzer plugin for elements made with r2wc through createAgentElement():
// the analyzer sees a class extending a call, so this plugin turns it into what a host page sees, an
// HTMLElement with the session attributes (from the SessionAttributes interface) and the element's
// own `props` (from the object literal given to createAgentElement), each an attribute and a property.

/** Where an element's module is published: `src/elements/agent-login.tsx` → `dist/npm/agent-login.js`. */
export const publishedPath = (path) => path.replace(/^src\/elements\/([\w-]+)\.tsx?$/, 'dist/npm/$1.js')

const kebab = (name) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()

function jsDocText(ts, node) {
  const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc)
  return docs
    .map((doc) =>
      typeof doc.comment === 'string' ? doc.comment : (doc.comment ?? []).map((c) => c.text).join(''),
    )
    .join('\n')
    .trim()
}

function typeText(ts, node) {
  if (!node) return 'string'
  if (ts.isUnionTypeNode(node)) return node.types.map((t) => t.getText()).join(' | ')
  return node.getText()
}

/** The theme API every element takes (src/components/root/theme.styles.ts), for the manifest's `cssProperties`. */
const THEME_PROPERTIES = [
  [
    '--agent-size',
    "The console's own root size: every length inside scales from it, whatever the host page's root font size.",
    '16px',
  ],
  ['--agent-density', 'Multiplies spacings and control heights: below 1 denser, above 1 roomier.', '1'],
  [
    '--agent-radius',
    'Corner radius of controls and panels (small, large and x-large radii follow it).',
    '0.25rem',
  ],
  ['--agent-font-family', 'Font family of the console.', "Shoelace's system sans-serif stack"],
  [
    '--agent-color-primary',
    'Primary colour: buttons, links, focus ring (Shoelace primary 600).',
    'Shoelace sky 600',
  ],
  [
    '--agent-color-primary-hover',
    'Primary colour on hover and focused inputs (Shoelace primary 500).',
    'Shoelace sky 500',
  ],
  ['--agent-color-primary-active', 'Primary colour when pressed (Shoelace primary 700).', 'Shoelace sky 700'],
  ['--agent-toasts-left', "Distance of the toasts from the viewport's left (or the console's) edge.", 'auto'],
  [
    '--agent-toasts-right',
    "Distance of the toasts from the viewport's right (or the console's) edge.",
    '1rem',
  ],
  [
    '--agent-toasts-bottom',
    "Distance of the toasts from the viewport's bottom (or the console's) edge.",
    '5rem',
  ],
].map(([name, description, defaultValue]) => ({ name, description, default: defaultValue }))

export function r2wcPlugin() {
  const sessionAttributes = []
  const ownProps = new Map()
  // Event name → its type as a host's listener receives it (`CustomEvent<SessionChangeDetail>`), from AgentEventMap.
  const eventTypes = new Map()
  return {
    name: 'r2wc-agent-elements',
    collectPhase({ ts, node }) {
      if (ts.isInterfaceDeclaration(node) && node.name.text === 'SessionAttributes') {
        for (const member of node.members) {
          if (!ts.isPropertySignature(member)) continue
          sessionAttributes.push({
            name: member.name.getText(),
            type: typeText(ts, member.type),
            description: jsDocText(ts, member),
          })
        }
      }
      if (ts.isInterfaceDeclaration(node) && node.name.text === 'AgentEventMap') {
        for (const member of node.members)
          if (ts.isPropertySignature(member) && member.type)
            eventTypes.set(member.name.getText().replace(/['"]/g, ''), member.type.getText())
      }
      if (ts.isClassDeclaration(node) && node.name) {
        const call = node.heritageClauses?.[0]?.types[0]?.expression
        if (!call || !ts.isCallExpression(call) || call.expression.getText() !== 'createAgentElement') return
        const options = call.arguments[0]
        const propsNode =
          options && ts.isObjectLiteralExpression(options)
            ? options.properties.find((p) => p.name?.getText() === 'props')
            : undefined
        const props = []
        if (
          propsNode &&
          ts.isPropertyAssignment(propsNode) &&
          ts.isObjectLiteralExpression(propsNode.initializer)
        ) {
          for (const prop of propsNode.initializer.properties) {
            if (!ts.isPropertyAssignment(prop)) continue
            props.push({
              name: prop.name.getText(),
              type: prop.initializer.getText().replace(/['"]/g, ''),
              description: jsDocText(ts, prop),
            })
          }
        }
        ownProps.set(node.name.text, props)
      }
    },
    packageLinkPhase({ customElementsManifest }) {
      for (const module of customElementsManifest.modules) {
        module.exports = (module.exports ?? []).filter((e) => !e.declaration?.module?.startsWith('../'))
        for (const declaration of module.declarations ?? []) {
          if (!declaration.tagName?.startsWith('agent-')) continue
          delete declaration.mixins
          // The dispatch helper inside createAgentElement is not an event of its own.
          declaration.events = (declaration.events ?? [])
            .filter((event) => event.name?.startsWith('agent-'))
            .map((event) => {
              const type = eventTypes.get(event.name)
              if (!type) throw new Error(`${event.name} of <${declaration.tagName}> is not in AgentEventMap`)
              return { ...event, type: { text: type } }
            })
          // An attribute's description from the element's @attr tag when its prop has no doc comment.
          const documented = new Map((declaration.attributes ?? []).map((a) => [a.name, a.description ?? '']))
          declaration.superclass = { name: 'HTMLElement' }
          declaration.cssProperties = THEME_PROPERTIES
          const all = [...sessionAttributes, ...(ownProps.get(declaration.name) ?? [])]
          const described = all.map((prop) => ({
            ...prop,
            description: prop.description || documented.get(kebab(prop.name)) || '',
          }))
          declaration.attributes = described.map(({ name, type, description }) => ({
            name: kebab(name),
            fieldName: name,
            type: { text: type },
            description,
          }))
          declaration.members = [
            ...(declaration.members ?? []),
            ...described.map(({ name, type, description }) => ({
              kind: 'field',
              name,
              type: { text: type },
              description,
              attribute: kebab(name),
            })),
          ]
          module.exports.push({
            kind: 'custom-element-definition',
            name: declaration.tagName,
            declaration: { name: declaration.name, module: module.path },
          })
        }
        module.exports = module.exports.filter(
          (e, i, list) => list.findIndex((o) => o.kind === e.kind && o.name === e.name) === i,
        )
      }
      customElementsManifest.modules = customElementsManifest.modules.filter((m) =>
        m.declarations?.some((d) => d.customElement),
      )
      // The manifest names what a host imports: the npm build's modules (package.json `exports`), and no
      // private members of the source's element factory.
      for (const module of customElementsManifest.modules) {
        module.path = publishedPath(module.path)
        for (const declaration of module.declarations ?? []) {
          declaration.members = (declaration.members ?? [])
            .filter((member) => member.privacy !== 'private' && !member.name?.startsWith('#'))
            .map(({ inheritedFrom, ...member }) =>
              inheritedFrom?.module?.startsWith('src/') ? member : { ...member, inheritedFrom },
            )
        }
        for (const entry of module.exports ?? [])
          if (entry.declaration?.module) entry.declaration.module = publishedPath(entry.declaration.module)
      }
    },
  }
}
