// The published package as a host project gets it: `npm pack` of the built repository, installed with React
// 19 into a scratch project (offline, from npm's cache), bundled by esbuild from the npm build, and
// rendered in Chromium; and the self-contained build from the same tarball, loaded as a CRM page would.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import { access, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { promisify } from 'node:util'
import { build } from 'esbuild'
import type { Browser, Page } from 'playwright-core'
import { DEMO_PASSWORD } from '../../server/store/seed-content'
import { collectErrors, launchBrowser } from './support/browser'
import { startServer } from './support/server'
import { npmIn, npmPack, writeHostProject } from './support/scratch-project'

const ELEMENTS = ['agent-console', 'agent-login', 'agent-status', 'agent-call-panel', 'agent-calendar']
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.html': 'text/html',
  '.map': 'application/json',
}

/** A page that hosts <agent-login> (with `attributes`) and loads `script`. */
const hostPage = (script: string, attributes = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title>` +
  `<link rel="icon" href="data:,"></head>` +
  `<body><div id="host"></div><agent-login lang="en"${attributes}></agent-login><script type="module" src="${script}"></script></body></html>`

/** Serves the host's bundle under /app/ and the installed package's cdn build under /cdn/ (and `extra` pages). */
function serve(
  routes: Record<string, string>,
  fixed: Record<string, string>,
  extra: Record<string, string> = {},
): Promise<Server> {
  const pages = (path: string) => fixed[path] ?? extra[path]
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname)
    const send = (status: number, body: string | Buffer, type = 'text/plain') => {
      response.writeHead(status, { 'content-type': type })
      response.end(body)
    }
    const page = pages(path)
    if (page) return send(200, page, 'text/html')
    // The one call the login makes as it renders (whether to offer "Forgot password?"): a static host has
    // no API, and the browser would log its 404 as an error.
    if (path === '/api/auth/password-reset')
      return send(200, JSON.stringify({ byEmail: true }), 'application/json')
    const prefix = Object.keys(routes).find((candidate) => path.startsWith(candidate))
    if (!prefix) return send(404, 'not found')
    const root = routes[prefix]!
    const file = normalize(join(root, path.slice(prefix.length)))
    if (!file.startsWith(root)) return send(404, 'not found')
    readFile(file).then(
      (body) => send(200, body, TYPES[extname(file)] ?? 'application/octet-stream'),
      () => send(404, 'not found'),
    )
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

/** Announces itself as React DevTools so every React DOM renderer on the page reports its version. */
async function reportRenderers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const renderers: { rendererPackageName: string; version: string }[] = []
    ;(window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject(internals: { rendererPackageName: string; version: string }) {
        renderers.push({ rendererPackageName: internals.rendererPackageName, version: internals.version })
        return renderers.length
      },
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    }
    ;(window as unknown as Record<string, unknown>).reactRenderers = renderers
  })
}

/** Opens a host page and waits for <agent-login>'s email field; returns the renderers React reported. */
async function openLogin(browser: Browser, url: string, hostApp = false) {
  const page = await browser.newPage({ locale: 'en-US' })
  const errors = collectErrors(page)
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`)
  })
  await reportRenderers(page)
  await page.goto(url)
  // The label is the English message: the lazy language chunk loaded from the host's bundle too.
  await page.locator('agent-login').getByLabel('Email').waitFor({ state: 'visible', timeout: 15_000 })
  if (hostApp) await page.locator('#host-app').waitFor({ timeout: 5_000 })
  const renderers = (await page.evaluate(
    () => (window as unknown as Record<string, unknown>).reactRenderers,
  )) as {
    rendererPackageName: string
    version: string
  }[]
  await page.close()
  return { renderers, errors }
}

describe('the published package', () => {
  let dir: string
  let host: string
  let tarball: string
  let packed: string[]
  let server: Server
  let base: string
  let browser: Browser
  /** Pages the tests add to the host's server (a page that needs the reference server's address). */
  const extraPages: Record<string, string> = {}

  before(
    async () => {
      dir = await mkdtemp(join(tmpdir(), 'agent-console-pack-'))
      host = join(dir, 'host')
      await mkdir(host)
      const pack = await npmPack(dir)
      tarball = join(dir, pack.filename)
      packed = pack.files.map((file) => file.path)
      await writeHostProject(host, tarball)
      await npmIn(host, ['ci', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'])
      // A React host: its own root beside the element, on the same React (one renderer when deduped).
      await writeFile(
        join(host, 'main.js'),
        [
          "import { createElement } from 'react'",
          "import { createRoot } from 'react-dom/client'",
          "import 'agent-console/agent-login'",
          "createRoot(document.getElementById('host')).render(createElement('p', { id: 'host-app' }, 'host app'))",
        ].join('\n'),
      )
      await build({
        absWorkingDir: host,
        entryPoints: ['main.js'],
        bundle: true,
        splitting: true,
        format: 'esm',
        platform: 'browser',
        outdir: 'out',
        minify: true,
        define: { 'process.env.NODE_ENV': '"production"' },
        logLevel: 'silent',
      })
      server = await serve(
        { '/app/': join(host, 'out'), '/cdn/': join(host, 'node_modules/agent-console/dist/cdn') },
        { '/npm.html': hostPage('/app/main.js'), '/cdn.html': hostPage('/cdn/agent-login.js') },
        extraPages,
      )
      const address = server.address()
      assert.ok(address && typeof address === 'object')
      base = `http://localhost:${address.port}`
      browser = await launchBrowser()
    },
    { timeout: 180_000 },
  )
  after(async () => {
    await browser?.close()
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)))
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it(
    'packs both builds, the types and the manifest, and nothing of the sources',
    { timeout: 60_000 },
    async () => {
      const listed = (await npmPack(dir, true)).files.map((file) => file.path)
      assert.deepEqual(listed, packed, 'a dry run lists what the pack holds')
      for (const build of ['npm', 'cdn']) {
        assert.ok(listed.includes(`dist/${build}/index.js`), `dist/${build}/index.js`)
        for (const name of ELEMENTS)
          assert.ok(listed.includes(`dist/${build}/${name}.js`), `dist/${build}/${name}.js`)
      }
      assert.ok(listed.includes('dist/types/elements/index.d.ts'))
      for (const build of ['npm', 'cdn'])
        assert.ok(listed.includes(`dist/${build}/setup.js`), `dist/${build}/setup.js`)
      assert.ok(listed.includes('dist/types/elements/setup.d.ts'))
      for (const name of ELEMENTS)
        assert.ok(listed.includes(`dist/types/elements/${name}.d.ts`), `${name}.d.ts`)
      assert.ok(listed.includes('custom-elements.json'))
      assert.deepEqual(
        listed.filter((path) => /^(src|server|test|bench|scripts|demo)\//.test(path)),
        [],
        'sources are not published',
      )
      // The Brotli and gzip copies beside dist/cdn/'s files are for the reference server (7 MB, the wasm's most).
      assert.deepEqual(
        listed.filter((path) => /\.(br|gz)$/.test(path)),
        [],
        'compressed copies are not published',
      )
    },
  )

  it(
    'ships the contract and the conformance kit: npx agent-console-contract runs from the install',
    { timeout: 60_000 },
    async () => {
      for (const path of [
        'contract/asyncapi.json',
        'contract/openapi.json',
        'contract/schemas/agent-server-events.json',
        'contract/schemas/http.json',
        'bin/agent-console-contract.mjs',
        'dist/contract-kit/index.mjs',
      ])
        assert.ok(packed.includes(path), `${path} is not packed`)
      // The installed package's bin, as `npx agent-console-contract` runs it.
      const bin = join(host, 'node_modules/agent-console/bin/agent-console-contract.mjs')
      const { stdout } = await promisify(execFile)(process.execPath, [bin, '--help'])
      assert.match(stdout, /^Usage: agent-console-contract <url>/)
    },
  )

  it('installs with React 19 as its peer and nothing missing or invalid', { timeout: 60_000 }, async () => {
    const tree = JSON.parse(await npmIn(host, ['ls', '--all', '--json'])) as {
      dependencies: Record<string, { version: string; dependencies?: Record<string, unknown> }>
    }
    assert.match(tree.dependencies.react!.version, /^19\./)
    assert.match(tree.dependencies['react-dom']!.version, /^19\./)
    // The host's React is the one the package uses: no copy of its own under the package.
    await assert.rejects(access(join(host, 'node_modules/agent-console/node_modules/react')))
    await assert.rejects(access(join(host, 'node_modules/agent-console/node_modules/react-dom')))
  })

  it(
    'renders <agent-login> from the npm build bundled by the host, on the host React 19',
    { timeout: 60_000 },
    async () => {
      const { renderers, errors } = await openLogin(browser, `${base}/npm.html`, true)
      assert.deepEqual(
        renderers.map((renderer) => renderer.rendererPackageName),
        ['react-dom'],
        'one React DOM on the page',
      )
      assert.match(renderers[0]!.version, /^19\./)
      assert.deepEqual(errors, [])
    },
  )

  it(
    'signs in from the npm build bundled by esbuild: the email suggestion works, nothing uncaught',
    { timeout: 180_000 },
    async () => {
      // The reference server on its own origin, the host's page allowed (CORS), as a bundled React host runs it.
      const api = await startServer({ ALLOWED_ORIGINS: base })
      try {
        extraPages['/signin.html'] = hostPage('/app/main.js', ` api-url="${api.url}/api"`)
        const page = await browser.newPage({ locale: 'en-US' })
        const errors = collectErrors(page)
        try {
          await page.goto(`${base}/signin.html`)
          const login = page.locator('agent-login')
          const email = login.getByLabel('Email')
          await email.waitFor({ state: 'visible', timeout: 15_000 })
          // Leaving the field loads the CommonJS spell checker through the host's bundle (its lazy chunk).
          await email.fill('ana@gmial.com')
          await email.press('Tab')
          await login.getByText('Did you mean ana@gmail.com?').waitFor({ timeout: 10_000 })
          await email.fill('ana@demo.test')
          await page.fill('agent-login input[name=password]', DEMO_PASSWORD)
          await page.check('agent-login input[name=agreement]')
          await page.click('agent-login button[type=submit]')
          await page.locator('agent-login .signed-in').waitFor({ timeout: 30_000 })
          assert.deepEqual(errors, [])
        } finally {
          await page.close()
        }
      } finally {
        await api.stop()
      }
    },
  )

  it(
    'renders <agent-login> from the self-contained build, React 19 inside',
    { timeout: 60_000 },
    async () => {
      const { renderers, errors } = await openLogin(browser, `${base}/cdn.html`)
      assert.deepEqual(
        renderers.map((renderer) => renderer.rendererPackageName),
        ['react-dom'],
      )
      assert.match(renderers[0]!.version, /^19\./)
      assert.deepEqual(errors, [])
    },
  )

  it(
    'type-checks a TypeScript host with skipLibCheck off and no @types/react: typed events, public API only',
    { timeout: 120_000 },
    async () => {
      // npm installs @types/react as react-intl's peer; what matters is that the package's types never read it.
      await writeFile(
        join(host, 'consumer.ts'),
        [
          "import { configure, defineElements, logout, type SessionChangeDetail } from 'agent-console/setup'",
          "import type { AgentCalendarElement } from 'agent-console'",
          "configure({ apiUrl: 'https://console.example.net/api', tokenProvider: async () => null })",
          "await defineElements(['agent-status', 'agent-calendar'])",
          "document.addEventListener('agent-session-change', (event) => {",
          '  const detail: SessionChangeDetail = event.detail',
          '  if (!detail.signedIn) void logout()',
          '})',
          "document.addEventListener('agent-call-end', (event) => console.log(event.detail.reason.toUpperCase()))",
          "const status = document.querySelector('agent-status')",
          'const api: string | undefined = status?.apiUrl',
          "const calendar: AgentCalendarElement = document.createElement('agent-calendar')",
          "calendar.timeZone = 'Europe/Madrid'",
          '// @ts-expect-error the elements have no public state beyond their attributes',
          'console.log(api, calendar.stops)',
          '// @ts-expect-error an event detail is typed',
          "document.addEventListener('agent-status-change', (event) => event.detail.nope)",
          '',
        ].join('\n'),
      )
      await writeFile(
        join(host, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            module: 'ESNext',
            moduleResolution: 'Bundler',
            lib: ['ES2022', 'DOM', 'DOM.Iterable'],
            types: [],
            strict: true,
            noEmit: true,
            skipLibCheck: false,
          },
          files: ['consumer.ts'],
        }),
      )
      const tsc = join(process.cwd(), 'node_modules/typescript/bin/tsc')
      const checked = await promisify(execFile)(process.execPath, [tsc, '-p', host, '--listFilesOnly']).catch(
        (error: { stdout?: string }) => assert.fail(`tsc failed:\n${error.stdout ?? String(error)}`),
      )
      const files = checked.stdout.split('\n').filter(Boolean)
      assert.ok(files.some((file) => file.endsWith('agent-console/dist/types/elements/setup.d.ts')))
      assert.deepEqual(
        files.filter((file) => /node_modules\/(@types\/)?react(-dom)?\//.test(file)),
        [],
        'no React declarations are read',
      )
      await promisify(execFile)(process.execPath, [tsc, '-p', host]).catch((error: { stdout?: string }) =>
        assert.fail(`the host's type check failed:\n${error.stdout ?? String(error)}`),
      )
    },
  )

  it(
    'ships a manifest of published modules, typed events and public members only',
    { timeout: 30_000 },
    async () => {
      const manifest = JSON.parse(
        await readFile(join(host, 'node_modules/agent-console/custom-elements.json'), 'utf8'),
      ) as {
        modules: {
          path: string
          declarations: {
            tagName?: string
            events?: { name: string; type?: { text: string } }[]
            members?: { name: string; privacy?: string }[]
            cssParts?: { name: string }[]
            cssProperties?: { name: string }[]
          }[]
        }[]
      }
      const detailTypes = await readFile(
        join(host, 'node_modules/agent-console/dist/types/elements/setup.d.ts'),
        'utf8',
      )
      assert.equal(manifest.modules.length, ELEMENTS.length)
      for (const module of manifest.modules) {
        assert.ok(packed.includes(module.path), `${module.path} is published`)
        for (const declaration of module.declarations) {
          for (const event of declaration.events ?? []) {
            const detail = /^CustomEvent<(\w+)>$/.exec(event.type?.text ?? '')?.[1]
            assert.ok(detail, `${declaration.tagName} ${event.name} has a CustomEvent type`)
            assert.match(detailTypes, new RegExp(`\\b${detail}\\b`), `${detail} is exported`)
          }
          assert.ok(
            declaration.cssProperties?.some((property) => property.name === '--agent-size'),
            `${declaration.tagName} lists the theme's CSS properties`,
          )
          assert.ok(declaration.cssParts?.some((part) => part.name === 'root'))
          if (declaration.tagName === 'agent-console')
            assert.deepEqual(
              declaration.cssParts?.map((part) => part.name),
              ['root', 'header', 'status', 'call-stage', 'side-menu', 'calendar'],
            )
          for (const member of declaration.members ?? []) {
            assert.notEqual(member.privacy, 'private', member.name)
            assert.doesNotMatch(member.name, /^(#|_)/, `${declaration.tagName}.${member.name} is not public`)
          }
        }
      }
    },
  )
})
