import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import type { RunningServer } from './support/server'
import { agentOnline, customerScreen, inConsole, segmentId } from './support/console-page'
import { freshWorld } from './support/world'
import { DEMO_PASSWORD } from '../../server/store/seed-content'
import { assertInert, payload, XSS_CORPUS } from './support/xss'
import { cspViolations, watchCsp } from './support/csp'
import { safeFileName } from '../../src/protocol'

/** The API as a signed-in user (body mode: a plain HTTP client). */
async function apiAs(server: RunningServer, email: string) {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, agreement: true }),
  })
  const { accessToken } = (await login.json()) as { accessToken: string }
  const userId = (
    JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as { aud: string }
  ).aud
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.url}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    assert.ok(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`)
    return (await response.json()) as T
  }
  return { userId, call }
}

/** Books the first free slot of an agent with customer values from the corpus; returns the name used. */
async function bookHostileAppointment(server: RunningServer, email: string): Promise<string[]> {
  const { userId, call } = await apiAs(server, email)
  const { data: services } = await call<{ data: { id: string; title: string }[] }>('GET', '/services')
  const service = services[0]
  assert.ok(service)
  const { form } = await call<{
    form: { name: string; type: string; maxLength?: number; options?: { value: string }[] }[]
  }>('GET', `/services/${service.id}/forms`)
  const { data: referrers } = await call<{ data: { url: string }[] }>('GET', '/referrers')
  const today = new Date().toISOString().slice(0, 10)
  const { data: days } = await call<{ data: { utc: string }[] }>(
    'GET',
    `/users/${userId}/dates?month=${today}&service=${service.id}&timezone=UTC`,
  )
  let slot: string | undefined
  for (const day of days) {
    const { data: hours } = await call<{ data: { utc: string }[] }>(
      'GET',
      `/users/${userId}/hours?date=${day.utc.slice(0, 10)}&service=${service.id}&timezone=UTC`,
    )
    slot = hours[0]?.utc
    if (slot) break
  }
  assert.ok(slot, 'a free slot')
  const shown: string[] = []
  const values: Record<string, unknown> = {}
  form.forEach((field, index) => {
    if (field.options) values[field.name] = field.options[0]?.value
    else if (field.type === 'email') values[field.name] = 'xss@example.com'
    else if (field.type === 'tel') values[field.name] = '+1 555 0100'
    else if (field.type === 'number') values[field.name] = 1
    else if (field.type === 'checkbox') values[field.name] = true
    else if (field.type === 'date') values[field.name] = '2030-01-01'
    else {
      values[field.name] = payload(index + 3, `F${index}`).slice(0, Math.min(100, field.maxLength ?? 100))
      shown.push(values[field.name] as string)
    }
  })
  await call('POST', `/schedule/${userId}`, {
    startAt: slot,
    timezone: 'UTC',
    form: values,
    service: service.id,
    referrer: referrers[0]?.url ?? '',
  })
  return shown
}

describe('customer-supplied text on the agent screens (XSS corpus)', () => {
  const world = freshWorld({ TIMERS: JSON.stringify({ ringTimeoutMs: 30_000 }) })

  it('shows every customer field, chat line, file name and appointment value as text, and nothing runs', async () => {
    const server = world.server
    const values = {
      name: payload(0, 'N'),
      ticket: payload(1, 'T'),
      branch: payload(2, 'B'),
      poc: payload(3, 'P'),
      country: payload(4, 'C'),
      city: payload(5, 'Y'),
    }
    const appointmentValues = await bookHostileAppointment(server, 'ana@demo.test')

    const context = await world.newContext({ viewport: { width: 1400, height: 900 } })
    await watchCsp(context)
    const agent = await agentOnline(context, server, 'ana@demo.test')

    // The customer: every field a link or the page can pass, a hostile browser name and language.
    const customerContext = await world.newContext({
      userAgent: `Mozilla/5.0 ${payload(6, 'UA')}`,
      extraHTTPHeaders: { 'accept-language': 'es-CL' },
    })
    const customer = await customerContext.newPage()
    const query = new URLSearchParams({
      segment: await segmentId(server, 'Sales'),
      name: values.name,
      ticket: values.ticket,
      branch: values.branch,
      poc: values.poc,
      country: values.country,
      city: values.city,
      [`form.${payload(7, 'K').slice(0, 40)}`]: payload(7, 'V'),
    })
    await customer.goto(`${server.url}/customer.html?${query.toString()}`)
    await customer.click('#call-button')
    await customerScreen(customer, 'queue')

    const modal = agent.page.locator(inConsole('dialog.inbound-modal[open]'))
    await modal.waitFor({ timeout: 30_000 })
    await assertInert(agent.page, [values.name])
    await agent.page.click(inConsole('.answer-button'))
    await agent.page.locator(inConsole('.call-area')).waitFor({ timeout: 20_000 })
    await customerScreen(customer, 'call')

    // Chat: every payload of the corpus as a line from the customer.
    for (let index = 0; index < XSS_CORPUS.length; index++) {
      await customer.fill('#chat-form input', payload(index, `M${index}`))
      await customer.press('#chat-form input', 'Enter')
    }
    await openView(agent.page, 'chat')
    await agent.page
      .locator(inConsole('.chat-log'))
      .filter({ hasText: `M${XSS_CORPUS.length - 1}:` })
      .waitFor({ timeout: 20_000 })
    await assertInert(
      agent.page,
      XSS_CORPUS.map((_, index) => payload(index, `M${index}`)),
    )

    // The info view: name, ticket, branch, point of contact, place, referrer, browser.
    await openView(agent.page, 'info')
    await assertInert(agent.page, [
      values.name,
      values.ticket,
      values.branch,
      values.poc,
      values.country,
      values.city,
    ])

    // File names: the customer sends files named with the corpus; the files view lists them as text.
    await agent.page.click(inConsole('.menu-fileshare'))
    await agent.page.locator(inConsole('.call-view[data-view="fileshare"] .beamport-open')).click()
    await agent.page.locator(inConsole('.beamport-state[data-phase="open"]')).waitFor({ timeout: 30_000 })
    const fileNames = [0, 2, 7].map((index) => `${payload(index, `D${index}`)}.pdf`)
    await customer.setInputFiles(
      '#file-input',
      fileNames.map((name) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n') })),
    )
    await agent.page
      .locator(inConsole('.file-item[data-state="received"]'))
      .nth(fileNames.length - 1)
      .waitFor({ timeout: 60_000 })
    // Shown as sent, minus what no file name may hold (bidi overrides: a name that reads backwards).
    await assertInert(agent.page, fileNames.map(safeFileName))
    assert.ok(!fileNames.map(safeFileName).some((name) => name.includes('\u202e')))

    await agent.page.click(inConsole('.hangup-button'))
    await agent.page.locator(inConsole('.call-area')).waitFor({ state: 'detached', timeout: 20_000 })

    // The calendar: the appointment's title (the customer's name) on the grid, its form in the drawer.
    const event = await findOnGrid(agent.page, 'F0:')
    await assertInert(agent.page, [])
    await event.click()
    await agent.page.locator(inConsole('.appointment-drawer[open]')).waitFor()
    await agent.page.click(inConsole('.appointment-drawer sl-tab[panel="details"]'))
    // The contact values are masked until the agent shows them.
    await agent.page.click(inConsole('.appointment-drawer .form-values-header sl-icon-button'))
    await agent.page.locator(inConsole('.appointment-drawer .form-values dd:not(.masked)')).first().waitFor()
    await assertInert(agent.page, appointmentValues)

    assert.deepEqual(await cspViolations(agent.page), [])
    assert.deepEqual(agent.errors, [])
  })
})

/** Opens a side-menu view of the call. */
async function openView(page: Page, name: string): Promise<void> {
  await page.click(inConsole(`.menu-${name}`))
  await page.locator(inConsole(`.call-view[data-view="${name}"]`)).waitFor()
}

/** Steps the calendar day by day (up to two weeks) until an event with `text` shows. */
async function findOnGrid(page: Page, text: string) {
  for (let step = 0; step <= 14; step++) {
    await page
      .locator(inConsole('.calendar-status'))
      .filter({ hasNotText: /Loading/ })
      .waitFor()
    const event = page.locator(inConsole('.fc-event'), { hasText: text })
    if ((await event.count()) > 0) return event.first()
    await page.click(inConsole('.calendar-nav .next-day'))
  }
  throw new Error(`${text} is not on the calendar within two weeks`)
}
