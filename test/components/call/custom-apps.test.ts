import { expect, nextFrame } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { setAnimation } from '@shoelace-style/shoelace/dist/utilities/animation-registry.js'
import { waitUntil } from '../../support/waits'
import { APP_ACTION_TIMEOUT_MS, APP_LOG_MAX } from '../../../src/constants'
import type { AppAction } from '../../../src/protocol'
import { $call } from '../../../src/stores/call/call'
import { receiveConsoleSettings, resetSettings } from '../../../src/stores/profile/settings'
import { $appActions, $appLog, $appScans } from '../../../src/stores/call/custom-apps'
import { consoleSettings, joinedCall, ok, refused } from '../../support/call-fixtures'
import { openCallPage, type CallPage } from '../../support/call-page'
import { fakeClock, type FakeClock } from '../../support/fake-clock'

const text = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim()

const APP = {
  name: 'onboarding',
  label: 'Onboarding kit',
  devices: ['barcode', 'nfc', 'fingerprint'] as const,
}
const OTHER = { name: 'kiosk', label: 'Kiosk', devices: [] }
/** A 1×1 PNG. */
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='

const answer = (
  action: AppAction,
  requestId: string,
  extra: Partial<{ ok: boolean; error: string }> = {},
) => ({
  appEvent: 'answer',
  name: APP.name,
  data: { requestId, action, ok: true, state: action === 'stop' ? 'stopped' : 'running', ...extra },
})
const stage = (scan: 'document' | 'fingerprint', status: number, result?: unknown) => ({
  appEvent: 'stage',
  name: APP.name,
  data: result === undefined ? { scan, status } : { scan, status, result },
})
const logLine = (textOf: string, level = 'info') => ({
  appEvent: 'log',
  name: APP.name,
  data: { level, text: textOf, at: new Date().toISOString() },
})
const DOCUMENT = {
  fields: [
    { label: 'Surname', value: 'Prueba' },
    { label: 'Document number', value: 'DR1234567' },
  ],
  image: PIXEL,
}

describe('<agent-call-panel> custom apps view', () => {
  let page: CallPage
  let time: FakeClock
  beforeEach(async () => {
    const settings = consoleSettings({ apps: [{ ...APP, devices: [...APP.devices] }, OTHER] })
    // The panel signs in by itself whenever it is ready: its sign-in brings the same settings.
    page = await openCallPage('en', settings)
    receiveConsoleSettings(settings)
    // Faked once signed in: the sign-in's own timers run on the real clock.
    time = fakeClock()
  })
  afterEach(() => {
    time.restore()
    resetSettings()
    page.close()
  })

  /** Joins a call and opens the apps view from the side menu. */
  async function openApps(): Promise<HTMLElement> {
    page.socket.serverEmit('join', joinedCall())
    ;(await page.find<HTMLButtonElement>('.menu-custom-apps')).click()
    return page.find('.apps-view', 5_000)
  }
  const report = (message: unknown) => page.socket.serverEmit('apps:message', message)
  const sentCommands = () =>
    page.socket.sent
      .filter((s) => s.event === 'apps:message')
      .map(
        (s) => s.payload as { appEvent: string; name: string; data: { requestId: string }; options: object },
      )
  const choose = async (action: AppAction) => {
    ;(await page.find<HTMLElement>(`.app-action-${action}`)).click()
    await waitUntil(() => sentCommands().some((c) => c.appEvent === action), `${action} never sent`, {
      timeout: 2_000,
    })
    return sentCommands()
      .filter((c) => c.appEvent === action)
      .at(-1)!
  }
  const trigger = () => page.$<HTMLElement & { disabled: boolean }>('.app-actions-trigger')!
  /** Whether every action of the menu is off (one is waiting for the app). */
  const actionsOff = () =>
    [
      ...(page.$('.app-actions')?.querySelectorAll<HTMLElement & { disabled: boolean }>('sl-menu-item') ??
        []),
    ].every((item) => item.disabled)
  const badge = (scan: string) => page.$(`.scan-${scan} .stage-badge`)
  /** The document fields on screen, as [label, value] pairs. */
  const fieldsShown = () =>
    [...(page.$('.document-fields')?.querySelectorAll('.line') ?? [])].map((line) => [
      text(line.querySelector('dt')),
      text(line.querySelector('dd')),
    ])

  it('shows the first app of the settings, devices disabled and both scans not started', async () => {
    const view = await openApps()
    expect(text(view.querySelector('h3'))).to.equal('Onboarding kit')
    expect(text(view.querySelector('.app-process'))).to.equal('State unknown')
    expect(text(badge('document'))).to.equal('Stage not started')
    expect(text(badge('fingerprint'))).to.equal('Stage not started')
    expect([...view.querySelectorAll('.app-device')].map((d) => text(d))).to.deep.equal([
      'Barcode readerDisabled',
      'NFC readerDisabled',
      'Fingerprint readerDisabled',
    ])
    expect(page.$('[role="log"]')?.getAttribute('aria-labelledby')).to.equal('app-log-title')
    expect(text(page.$('[role="log"]'))).to.equal('The app has not said anything yet.')
    await expect(view).to.be.accessible()
  })

  it('hides the apps entry when settings.apps is empty', async () => {
    page.close()
    page = await openCallPage('en', consoleSettings({ apps: [] }))
    receiveConsoleSettings(consoleSettings({ apps: [] }))
    page.socket.serverEmit('join', joinedCall())
    await page.find('.menu-chat')
    expect(page.$('.menu-custom-apps')).to.equal(null)
  })

  it('keeps the keyboard focus on Actions once an action is chosen, while the app answers', async () => {
    page.socket.answer('apps:message', () => ok())
    await openApps()
    await page.find('.app-action-start')
    trigger().focus()
    // The arrow opens the menu on its first action.
    await sendKeys({ press: 'ArrowDown' })
    await waitUntil(
      () => page.$<HTMLElement & { open: boolean }>('.app-actions')?.open,
      'the menu did not open',
    )
    await waitUntil(
      () => page.panel.shadowRoot!.activeElement === page.$('.app-action-start'),
      'start not focused',
    )
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => text(trigger()) === 'Starting…', 'not starting')
    await waitUntil(() => page.panel.shadowRoot!.activeElement === trigger(), 'the focus left Actions')
    expect(trigger().disabled).to.equal(false)
  })

  for (const [action, busy, after] of [
    ['start', 'Starting…', 'Running'],
    ['restart', 'Restarting…', 'Running'],
    ['stop', 'Stopping…', 'Stopped'],
  ] as const) {
    it(`sends ${action}, shows it pending until the app answers, then the process state`, async () => {
      page.socket.answer('apps:message', () => ok())
      await openApps()
      const command = await choose(action)
      expect(command).to.deep.equal({
        appEvent: action,
        name: 'onboarding',
        data: { requestId: command.data.requestId },
        options: {},
      })
      await waitUntil(() => text(trigger()) === busy)
      await waitUntil(() => actionsOff(), 'the actions are still offered')
      expect(text(page.$('.app-waiting'))).to.contain('Waiting for the app to answer')
      // Another action is refused while one is pending.
      page.$<HTMLElement>('.app-action-start')!.click()
      expect(sentCommands()).to.have.length(1)
      report(answer(action, command.data.requestId))
      await waitUntil(() => text(trigger()) === 'Actions')
      await waitUntil(() => !actionsOff(), 'the actions are still off')
      expect(text(page.$('.app-process'))).to.equal(after)
      expect(page.$('.app-problem')).to.equal(null)
      expect(text(page.$('.app-log-line'))).to.contain(`done`)
    })

    it(`says so when the app does not answer ${action} within the timeout`, async () => {
      page.socket.answer('apps:message', () => ok())
      await openApps()
      await choose(action)
      await waitUntil(() => text(trigger()) === busy)
      await time.tick(APP_ACTION_TIMEOUT_MS - 1)
      await nextFrame()
      expect(text(trigger())).to.equal(busy)
      expect(page.$('.app-problem')).to.equal(null)
      await time.tick(1)
      const problem = await page.find('.app-problem')
      const name = { start: 'Start', restart: 'Restart process', stop: 'Stop' }[action]
      expect(text(problem)).to.equal(
        `The app did not answer “${name}” within 10 seconds. Check that it is open on the customer’s side, then try again.`,
      )
      expect(problem.getAttribute('role')).to.equal('alert')
      expect(text(trigger())).to.equal('Actions')
      expect($appActions.get().pending).to.equal(null)
    })
  }

  it('opens the menu again when the trigger is clicked while it is still closing from a choice', async () => {
    page.socket.answer('apps:message', () => ok())
    await openApps()
    const dropdown = page.$<HTMLElement & { open: boolean }>('.app-actions')!
    // A long closing animation makes the window deterministic; Shoelace's own lasts 100 ms.
    setAnimation(dropdown, 'dropdown.hide', {
      keyframes: [{ opacity: 1 }, { opacity: 0 }],
      options: { duration: 1_000 },
    })
    const settled = (event: string) =>
      new Promise<void>((resolve) => dropdown.addEventListener(event, () => resolve(), { once: true }))
    const shown = settled('sl-after-show')
    trigger().click()
    await shown
    let closed = false
    const hidden = settled('sl-after-hide').then(() => (closed = true))
    const command = await choose('start')
    report(answer('start', command.data.requestId))
    await waitUntil(() => text(trigger()) === 'Actions')
    // The app answered while the menu was still closing: the agent opens it again at once.
    expect(dropdown.open).to.equal(false)
    expect(closed, 'still closing').to.equal(false)
    const shownAgain = settled('sl-after-show')
    trigger().click()
    await Promise.all([hidden, shownAgain])
    await nextFrame()
    expect(dropdown.open).to.equal(true)
    const item = page.$<HTMLElement>('.app-action-stop')!
    expect(item.checkVisibility({ opacityProperty: true }), 'the open menu shows its items').to.equal(true)
    expect(item.getBoundingClientRect().height).to.be.greaterThan(0)
  })

  it('shows why the app could not, or why the server did not relay, and clears it on the next action', async () => {
    await openApps()
    page.socket.answer('apps:message', () => ok())
    const start = await choose('start')
    report(answer('start', start.data.requestId, { ok: false, error: 'Scanner cable <b>unplugged</b>' }))
    const failed = await page.find('.app-problem')
    expect(text(failed)).to.equal('The app could not carry out “Start”: Scanner cable <b>unplugged</b>')
    expect(failed.querySelector('b')).to.equal(null)

    page.socket.answer('apps:message', () => refused(403, 'Custom apps are not enabled'))
    await choose('restart')
    await waitUntil(() => text(page.$('.app-problem')).includes('was not sent'))
    expect(text(page.$('.app-problem'))).to.equal(
      '“Restart process” was not sent: custom apps are not enabled for this account.',
    )
    expect(text(trigger())).to.equal('Actions')

    page.socket.answer('apps:message', () => ok())
    await choose('stop')
    await waitUntil(() => page.$('.app-problem') === null)
  })

  it('a late answer replaces its own timeout notice', async () => {
    page.socket.answer('apps:message', () => ok())
    await openApps()
    const start = await choose('start')
    await time.tick(APP_ACTION_TIMEOUT_MS)
    await page.find('.app-problem')
    report(answer('start', start.data.requestId))
    await waitUntil(() => page.$('.app-problem') === null)
    expect(text(page.$('.app-process'))).to.equal('Running')
  })

  it('updates each device live from the app', async () => {
    await openApps()
    const state = (device: string) => page.$(`.app-device[data-device="${device}"]`)
    report({ appEvent: 'devices', name: APP.name, data: { barcode: 'active', fingerprint: 'active' } })
    await waitUntil(() => state('barcode')?.dataset.state === 'active')
    expect(text(state('barcode')?.querySelector('.app-device-state'))).to.equal('Active')
    expect(text(state('nfc')?.querySelector('.app-device-state'))).to.equal('Disabled')
    expect(text(state('fingerprint')?.querySelector('.app-device-state'))).to.equal('Active')
    report({ appEvent: 'devices', name: APP.name, data: { nfc: 'active', barcode: 'disabled' } })
    await waitUntil(() => state('nfc')?.dataset.state === 'active')
    expect(text(state('barcode')?.querySelector('.app-device-state'))).to.equal('Disabled')
    expect(text(state('fingerprint')?.querySelector('.app-device-state'))).to.equal('Active')
    expect(text(page.$('.app-log-line'))).to.contain('Barcode reader: Disabled, NFC reader: Active')
  })

  it('keeps the newest 500 log lines, newest first, with time and level', async () => {
    await openApps()
    for (let i = 1; i <= APP_LOG_MAX + 5; i += 1) report(logLine(`line ${i}`, i % 2 ? 'info' : 'warn'))
    await waitUntil(() => text(page.$('.app-log-line .app-log-text')) === `line ${APP_LOG_MAX + 5}`)
    const lines = [...(page.$('[role="log"]')?.querySelectorAll('.app-log-line') ?? [])]
    expect(lines).to.have.length(APP_LOG_MAX)
    expect($appLog.get()).to.have.length(APP_LOG_MAX)
    expect(text(lines.at(-1)?.querySelector('.app-log-text'))).to.equal('line 6')
    expect(text(lines[0]?.querySelector('.app-log-level'))).to.equal('Info')
    expect(text(lines[1]?.querySelector('.app-log-level'))).to.equal('Warning')
    expect(lines[0]?.querySelector('time')?.getAttribute('datetime')).to.match(/^\d{4}-\d\d-\d\dT/)
  })

  /** Which primary colour an element's background leans to. */
  function tone(element: Element | null): string {
    const [r, g, b] = (getComputedStyle(element!).backgroundColor.match(/\d+/g) ?? []).map(Number) as [
      number,
      number,
      number,
    ]
    if (Math.max(r, g, b) - Math.min(r, g, b) < 24) return 'gray'
    if (r > g && r > b) return 'red'
    if (b > r && b > g) return 'blue'
    return g > r && g > b ? 'green' : 'unknown'
  }

  for (const [status, label, colour] of [
    [0, 'Stage 0: failed', 'red'],
    [1, 'Stage 1: started', 'gray'],
    [2, 'Stage 2: in progress', 'blue'],
    [3, 'Stage 3: completed', 'green'],
  ] as const) {
    it(`shows stage ${status} in ${colour} with its label, on each scan`, async () => {
      await openApps()
      report(stage('document', status))
      report(stage('fingerprint', status))
      await waitUntil(() => text(badge('document')) === label)
      expect(text(badge('fingerprint'))).to.equal(label)
      expect(tone(badge('document'))).to.equal(colour)
      expect(tone(badge('fingerprint'))).to.equal(colour)
      // White on the badge colour: readable (WCAG AA, 4.5:1) is checked by axe.
      await expect(page.$('.apps-view')).to.be.accessible()
    })
  }

  it('shows the document fields and image, and clears them when a status below 2 arrives', async () => {
    await openApps()
    report(stage('document', 2, { fields: DOCUMENT.fields.slice(0, 1) }))
    await waitUntil(() => fieldsShown().length === 1)
    expect(fieldsShown()).to.deep.equal([['Surname', 'Prueba']])
    expect(page.$('.document-image')).to.equal(null)
    report(stage('document', 3, DOCUMENT))
    await waitUntil(() => page.$('.document-image'))
    expect(fieldsShown()).to.deep.equal([
      ['Surname', 'Prueba'],
      ['Document number', 'DR1234567'],
    ])
    expect(page.$<HTMLImageElement>('.document-image')!.src).to.equal(PIXEL)
    expect(page.$('.document-image')?.getAttribute('alt')).to.equal('Picture of the scanned document')
    // A stage 2 without a result keeps the one shown.
    report(stage('document', 2))
    await waitUntil(() => text(badge('document')) === 'Stage 2: in progress')
    expect(page.$('.document-image')).to.not.equal(null)
    for (const clearing of [1, 0] as const) {
      report(stage('document', 3, DOCUMENT))
      await waitUntil(() => page.$('.document-image'))
      report(stage('document', clearing))
      await waitUntil(() => page.$('.document-image') === null)
      expect(page.$('.document-fields')).to.equal(null)
      expect(text(page.$('.scan-document .scan-results'))).to.equal('No results.')
    }
    expect($appScans.get().document).to.deep.equal({ status: 0, result: null })
  })

  it('shows the fingerprint quality and image, cleared by a failed stage, without touching the document', async () => {
    await openApps()
    report(stage('document', 3, DOCUMENT))
    report(stage('fingerprint', 3, { quality: 87, image: PIXEL }))
    await waitUntil(() => page.$('.fingerprint-image'))
    expect(text(page.$('.fingerprint-quality'))).to.equal('87 / 100')
    report(stage('fingerprint', 0))
    await waitUntil(() => page.$('.fingerprint-image') === null)
    expect(page.$('.fingerprint-quality')).to.equal(null)
    expect(tone(badge('fingerprint'))).to.equal('red')
    expect(page.$('.document-image')).to.not.equal(null)
  })

  it('drops malformed app messages and messages of another app, and logs them', async () => {
    await openApps()
    const warnings: unknown[][] = []
    const original = console.warn
    console.warn = (...args: unknown[]) => warnings.push(args)
    try {
      const malformed: unknown[] = [
        stage('document', 7),
        stage('document', 3, { fields: [], image: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' }),
        stage('document', 3, { fields: [], image: 'https://tracker.example/pixel.png' }),
        stage('fingerprint', 3, { quality: 101 }),
        { appEvent: 'devices', name: APP.name, data: {} },
        { appEvent: 'devices', name: APP.name, data: { barcode: 'on' } },
        {
          appEvent: 'log',
          name: APP.name,
          data: { level: 'info', text: 'nul\u0000byte', at: new Date().toISOString() },
        },
        { appEvent: 'start', name: APP.name, data: { requestId: 'x' } },
        {
          appEvent: 'answer',
          name: APP.name,
          data: { requestId: '<script>', action: 'start', ok: true, state: 'running' },
        },
        'garbage',
      ]
      for (const message of malformed) report(message)
      report({ ...stage('document', 3, DOCUMENT), name: OTHER.name })
    } finally {
      console.warn = original
    }
    expect(
      warnings.filter((w) => w[0] === '[agent-console] dropped a malformed server message'),
    ).to.have.length(10)
    expect(warnings.some((w) => String(w[0]).includes('an app this console does not drive'))).to.equal(true)
    await nextFrame()
    expect(text(badge('document'))).to.equal('Stage not started')
    expect(text(page.$('[role="log"]'))).to.equal('The app has not said anything yet.')
    expect(page.$('.app-device[data-state="active"]')).to.equal(null)
  })

  it('shows what the app sends as text, never as markup', async () => {
    await openApps()
    const hostile = '<img src=x onerror="window.__appPwned=1">'
    report(logLine(hostile))
    report(stage('document', 3, { fields: [{ label: hostile, value: `\u202Eevil ${hostile}` }] }))
    await waitUntil(() => page.$('.document-fields'))
    expect(page.$('.apps-view img')).to.equal(null)
    expect(
      [...(page.$('[role="log"]')?.querySelectorAll('.app-log-text') ?? [])].map((t) => text(t)),
    ).to.include(hostile)
    expect(text(page.$('.document-fields dt'))).to.equal(hostile)
    // A bidi override stays inside its own isolate.
    expect(page.$('.document-fields dd bdi')).to.not.equal(null)
    expect((window as { __appPwned?: number }).__appPwned).to.equal(undefined)
  })

  it('forgets the app state when the call ends', async () => {
    page.socket.answer('apps:message', () => ok())
    await openApps()
    await choose('start')
    report(logLine('hello'))
    report(stage('document', 3, DOCUMENT))
    await waitUntil(() => $appLog.get().length === 2)
    page.socket.serverEmit('end', { callId: $call.get()!.id, reason: 'hangup' })
    await waitUntil(() => $call.get() === null)
    expect($appActions.get()).to.deep.equal({ pending: null, process: 'unknown', problem: null })
    expect($appLog.get()).to.deep.equal([])
    expect($appScans.get().document.status).to.equal(null)
    // The pending action's timer went with it: nothing fires later.
    await time.tick(APP_ACTION_TIMEOUT_MS)
    expect($appActions.get().problem).to.equal(null)
  })
})
