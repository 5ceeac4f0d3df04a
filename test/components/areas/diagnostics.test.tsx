import { expect } from '@open-wc/testing'
import { waitUntil } from '../../support/waits'
import ProfilePage from '../../../src/components/pages/ProfilePage'
import { DISCONNECTION_LOG_MAX } from '../../../src/constants'
import type { DiagnosticBundle } from '../../../src/services/diagnostics'
import { setTokens } from '../../../src/stores/session/tokens'
import { reportMalformed } from '../../../src/stores/session/protocol-errors'
import { markDisconnected } from '../../../src/stores/status/agent'
import { $networkQuality, replaceNetworkProbe } from '../../../src/stores/status/network-quality'
import { $toasts } from '../../../src/stores/app/toasts'
import { fakeApi, tokenFor } from '../../support/calendar-fixtures'
import { fakeClock, type FakeClock } from '../../support/fake-clock'
import { AREA_USER } from '../../support/areas-fixtures'
import { renderArea, type RenderedArea } from '../../support/render-area'
import { resetSession } from '../../support/session'

const USER = AREA_USER
const USER_ID = USER.id
const START = Date.parse('2026-11-23T15:00:00Z')

/** Catches the file the console hands to the browser (the click on a download link) and reads it. */
function catchDownloads(): { files: Promise<{ name: string; text: string }>[]; stop: () => void } {
  const files: Promise<{ name: string; text: string }>[] = []
  const onClick = (event: MouseEvent) => {
    const link = event.target
    if (!(link instanceof HTMLAnchorElement) || !link.download) return
    event.preventDefault()
    files.push(
      fetch(link.href).then(async (response) => ({ name: link.download, text: await response.text() })),
    )
  }
  document.addEventListener('click', onClick, true)
  return { files, stop: () => document.removeEventListener('click', onClick, true) }
}

describe('Download diagnostics (profile)', () => {
  let time: FakeClock
  let area: RenderedArea | undefined
  const restores: (() => void)[] = []

  beforeEach(() => {
    time = fakeClock(START)
    setTokens({ accessToken: tokenFor(USER_ID), refreshToken: 'R1', remember: false })
    fakeApi((request) =>
      request.path === `/users/${USER_ID}`
        ? { body: USER }
        : { status: 404, body: { code: 404, message: 'Not found' } },
    )
    // The server's /version.txt, at the network boundary.
    const realFetch = window.fetch
    window.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      new URL(String(input), location.href).pathname === '/version.txt'
        ? Promise.resolve(new Response('7.7.7\n', { status: 200 }))
        : realFetch(input, init)) as typeof fetch
    restores.push(() => (window.fetch = realFetch))
  })
  afterEach(() => {
    area?.unmount()
    area = undefined
    for (const restore of restores.splice(0)) restore()
    resetSession()
    time.restore()
  })

  it('saves a JSON file with the last 3,600 disconnections, protocol errors, versions, devices and network', async () => {
    restores.push(
      replaceNetworkProbe(() => ({ online: true, rttMs: 80, downlinkMbps: 12, effectiveType: '4g' })),
    )
    restores.push($networkQuality.listen(() => undefined))
    // A flapping link: more drops than the log keeps; then 5 minutes of network readings.
    for (let index = 0; index < DISCONNECTION_LOG_MAX + 2; index += 1)
      markDisconnected(`transport close ${index}`)
    await time.tick(300_000)
    reportMalformed({ event: 'inbound', kind: 'event', field: 'ringExpiresAt', reason: 'missing' })
    const downloads = catchDownloads()
    restores.push(downloads.stop)

    area = await renderArea(<ProfilePage route="profile" />)
    await waitUntil(() => area!.shadow.querySelector('[data-entry="diagnostics"]'), 'no diagnostics entry')
    const button = area.shadow.querySelector<HTMLButtonElement>('[data-entry="diagnostics"]')!
    expect(button.tagName).to.equal('BUTTON')
    expect(button.textContent).to.equal('Download diagnostics')
    button.click()
    await waitUntil(() => downloads.files.length === 1, 'nothing was downloaded', { timeout: 5_000 })
    const file = await downloads.files[0]!
    const madeAt = new Date(START + 300_000)
    expect(file.name).to.equal(
      `agent-console-diagnostics-${madeAt.toISOString().replace('.000Z', 'Z').replaceAll(':', '-')}.json`,
    )

    const bundle = JSON.parse(file.text) as DiagnosticBundle
    expect(bundle.generatedAt).to.equal(madeAt.toISOString())
    expect(bundle.versions.server).to.equal('7.7.7')
    expect(bundle.versions.console).to.match(/^\d+\.\d+\.\d+/)
    expect(bundle.agentId).to.equal(USER_ID)
    expect(bundle.disconnections).to.have.length(DISCONNECTION_LOG_MAX)
    expect(bundle.disconnections[0]).to.deep.equal({
      at: new Date(START).toISOString(),
      reason: 'transport close 2',
    })
    expect(bundle.disconnections.at(-1)!.reason).to.equal(`transport close ${DISCONNECTION_LOG_MAX + 1}`)
    expect(bundle.protocolErrors).to.deep.equal([
      {
        at: madeAt.toISOString(),
        event: 'inbound',
        kind: 'event',
        field: 'ringExpiresAt',
        reason: 'missing',
      },
    ])
    // Measured every 2 s: the bundle keeps the last 150 readings.
    expect(bundle.networkSamples).to.have.length(150)
    expect(bundle.networkSamples.at(-1)).to.deep.equal({
      at: madeAt.toISOString(),
      level: 'good',
      online: true,
      rttMs: 80,
      downlinkMbps: 12,
      effectiveType: '4g',
    })
    expect(bundle.browser.userAgent).to.equal(navigator.userAgent)
    expect(bundle.devices).to.be.an('object')
    // No token of the session and no identity of the agent beyond the id.
    expect(file.text).not.to.include(tokenFor(USER_ID).split('.')[1])
    expect(file.text).not.to.include('R1"')
    expect(file.text).not.to.include('ana@demo.test')
    expect($toasts.get().map((toast) => toast.messageId)).to.include('profile.diagnostics.saved')
  })

  it('tells the agent, in their language, when the file cannot be made', async () => {
    const realBlob = window.Blob
    window.Blob = class {
      constructor() {
        throw new Error('quota')
      }
    } as unknown as typeof Blob
    restores.push(() => (window.Blob = realBlob))
    area = await renderArea(<ProfilePage route="profile" />)
    await waitUntil(() => area!.shadow.querySelector('[data-entry="diagnostics"]'), 'no diagnostics entry')
    area.shadow.querySelector<HTMLButtonElement>('[data-entry="diagnostics"]')!.click()
    await waitUntil(
      () => $toasts.get().some((toast) => toast.messageId === 'profile.diagnostics.failed'),
      'no failure note',
      { timeout: 5_000 },
    )
  })
})
