import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { collectErrors } from './support/browser'
import { segmentId } from './support/console-page'
import { freshWorld } from './support/world'

/** Polls a page's state object until `check` holds (the page pushes its state; nothing is slept through). */
async function until<T>(page: Page, read: () => T, check: (value: T) => boolean, what: string): Promise<T> {
  const handle = await page.waitForFunction(
    ({ source, test }) => {
      const value = new Function(`return (${source})()`)()
      return new Function('value', `return (${test})(value)`)(value) ? value : null
    },
    { source: read.toString(), test: check.toString() },
    { timeout: 20_000, polling: 100 },
  )
  const value = (await handle.jsonValue()) as T
  assert.ok(value !== null, what)
  return value
}

describe('demo/customer.html calling an agent', () => {
  const world = freshWorld({ TIMERS: JSON.stringify({ ringTimeoutMs: 15_000 }) })

  /** A page in a context of its own. */
  // The pages' CSP forbids the `new Function` that `until` polls with (csp-journey.test.ts holds the CSP).
  const newPage = async () => (await world.newContext({ bypassCSP: true })).newPage()

  it('connects both sides: each receives the other’s media track, and they chat', async () => {
    const server = world.server
    const segments = (await (await fetch(`${server.url}/api/public/segments`)).json()) as {
      data: { id: string; name: string }[]
    }
    const sales = segments.data.find((segment) => segment.name === 'Sales')
    assert.ok(sales)

    const agent = await newPage()
    const agentErrors = collectErrors(agent)
    await agent.goto(`${server.url}/test-agent.html?email=elena@demo.test&password=Demo1234!`)
    await until(
      agent,
      () => window.agentState.status,
      (status) => status === 'available',
      'agent available',
    )

    const customer = await newPage()
    const customerErrors = collectErrors(customer)
    await customer.goto(`${server.url}/customer.html?segment=${sales.id}`)
    await customer.fill('input[name=name]', 'Paula Playwright')
    await customer.click('#call-button')

    await until(
      customer,
      () => window.customerState.screen,
      (screen) => screen === 'call',
      'customer in the call',
    )
    await until(
      agent,
      () => window.agentState.remoteTracks,
      (n) => n >= 1,
      'the agent receives the customer media',
    )
    await until(
      customer,
      () => window.customerState.remoteTracks,
      (n) => n >= 1,
      'the customer receives the agent media',
    )

    // Both videos really play frames.
    const playing = async (page: Page, selector: string) =>
      page.$eval(selector, (video) => {
        const element = video as HTMLVideoElement
        return element.readyState >= 2 && element.videoWidth > 0
      })
    await customer.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('#remote-videos video')
      return Boolean(video && video.readyState >= 2 && video.videoWidth > 0)
    })
    await agent.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('#remote video')
      return Boolean(video && video.readyState >= 2 && video.videoWidth > 0)
    })
    assert.ok(await playing(customer, '#remote-videos video'))
    assert.ok(await playing(agent, '#remote video'))

    await customer.fill('#chat-form input', 'Hola, necesito ayuda')
    await customer.click('#chat-form button')
    await until(
      agent,
      () => window.agentState.messages,
      (m) => m.includes('Hola, necesito ayuda'),
      'chat at the agent',
    )
    await agent.evaluate(() => window.agentActions.chat('Claro, dígame'))
    await until(
      customer,
      () => window.customerState.messages,
      (m) => m.includes('Claro, dígame'),
      'chat at the customer',
    )
    // A long link breaks within the chat log, isolated from the name before it.
    const link = `https://shop.example/track/${'a1'.repeat(150)}`
    await agent.evaluate((text) => window.agentActions.chat(text), link)
    await until(
      customer,
      () => window.customerState.messages,
      // Serialised into the page: the link is the only line that long.
      (m) => m.some((line) => line.length > 300),
      'the link at the customer',
    )
    const log = await customer.evaluate(() => {
      const element = document.getElementById('chat-log')!
      const last = element.lastElementChild!
      return {
        overflow: element.scrollWidth - element.clientWidth,
        isolated: [...last.querySelectorAll('bdi')].map((bdi) => bdi.textContent),
      }
    })
    assert.equal(log.overflow, 0, 'the link runs out of the chat log')
    assert.equal(log.isolated[1], link)

    // A file from the customer to the agent over the files channel the agent opens, CRC-32 checked.
    await agent.evaluate(() => window.agentActions.openFiles())
    await customer.setInputFiles('#file-input', {
      name: 'id-card.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('ID 12.345.678-9 '.repeat(10_000)),
    })
    const files = await until(
      agent,
      () => window.agentState.files,
      (f) => f.length > 0,
      'the file at the agent',
    )
    assert.deepEqual(files, [{ name: 'id-card.txt', intact: true }])

    await customer.screenshot({ path: '/tmp/customer-in-call.png' })
    await agent.evaluate(() => window.agentActions.hangup())
    await until(
      customer,
      () => window.customerState.screen,
      (screen) => screen === 'ended',
      'the call ends',
    )
    assert.deepEqual(customerErrors, [])
    assert.deepEqual(agentErrors, [])
  })

  /** Elena on the test agent page, available. */
  async function availableAgent(): Promise<Page> {
    const agent = await newPage()
    await agent.goto(`${world.server.url}/test-agent.html?email=elena@demo.test&password=Demo1234!`)
    await until(
      agent,
      () => window.agentState.status,
      (status) => status === 'available',
      'agent available',
    )
    return agent
  }

  /** The customer page calls Sales under `name`; resolves once it shows the call. */
  async function callsSales(customer: Page, name: string): Promise<void> {
    await customer.goto(`${world.server.url}/customer.html?segment=${await segmentId(world.server, 'Sales')}`)
    await customer.fill('input[name=name]', name)
    await customer.click('#call-button')
    await until(
      customer,
      () => window.customerState.screen,
      (screen) => screen === 'call',
      'customer in the call',
    )
  }

  it('shows the chat once when the customer comes back from a dropped link', async () => {
    const agent = await availableAgent()
    const customer = await newPage()
    const errors = collectErrors(customer)
    await callsSales(customer, 'Paula Playwright')
    await customer.fill('#chat-form input[name=text]', 'Hola')
    await customer.press('#chat-form input[name=text]', 'Enter')
    await until(
      agent,
      () => window.agentState.messages,
      (lines) => lines.includes('Hola'),
      'the line at the agent',
    )
    // The page drops its link when the browser says it is offline; socket.io brings it back, and the
    // server sends the call again with its chat so far. A line the agent writes meanwhile arrives in it.
    await customer.evaluate(() => window.dispatchEvent(new Event('offline')))
    await agent.evaluate(() => window.agentActions.chat('¿Sigue ahí?'))
    const log = customer.locator('#chat-log p')
    await log.filter({ hasText: '¿Sigue ahí?' }).waitFor({ timeout: 20_000 })
    assert.deepEqual(await log.allInnerTexts(), ['You: Hola', 'Elena Espinoza: ¿Sigue ahí?'])
    assert.deepEqual(errors, [])
  })

  /** Ana, on the test agent page, in the seed's meeting open now; returns her page and its join URL. */
  async function agentInMeeting(): Promise<{ agent: Page; joinUrl: string }> {
    const agent = await newPage()
    await agent.goto(
      `${world.server.url}/test-agent.html?email=ana@demo.test&password=Demo1234!&status=break`,
    )
    await until(
      agent,
      () => window.agentState.status,
      (status) => status === 'break',
      'agent on break',
    )
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Santiago' })
    await agent.evaluate((date) => window.agentActions.findAppointments(date, 'America/Santiago'), today)
    const appointments = await until(
      agent,
      () => window.agentState.appointments,
      (list) => list.length > 0,
      'found',
    )
    const now = Date.now()
    const open = appointments.find(
      (a) =>
        a.type === 'regular' &&
        a.status === 'pending' &&
        Date.parse(a.startAt) - 15 * 60_000 <= now &&
        now <= Date.parse(a.endAt) + 30 * 60_000,
    )
    assert.ok(open?.joinUrl, 'the seed has a meeting open now')
    await agent.evaluate((id) => window.agentActions.joinMeeting(id), open.id)
    await until(
      agent,
      () => window.agentState.callId,
      (id) => id !== null,
      'agent in the meeting',
    )
    return { agent, joinUrl: open.joinUrl }
  }

  /**
   * A guest who opens the join URL as `name`, waits in the waiting room and is let in by the agent; with
   * the page's console errors from its first load on.
   */
  async function guestAdmitted(
    agent: Page,
    joinUrl: string,
    name: string,
  ): Promise<{ guest: Page; errors: string[] }> {
    const guest = await newPage()
    const errors = collectErrors(guest)
    await guest.goto(joinUrl)
    await guest.fill('input[name=name]', name)
    await guest.click('#call-button')
    await until(
      guest,
      () => window.customerState.screen,
      (screen) => screen === 'waiting-room',
      'waiting room',
    )
    const pending = await until(
      agent,
      () => window.agentState.pending,
      (list) => list.length === 1,
      'pending at the agent',
    )
    await agent.evaluate(
      (sessionId) => window.agentActions.accept(sessionId),
      pending[0]?.sessionId as string,
    )
    await until(
      guest,
      () => window.customerState.screen,
      (screen) => screen === 'call',
      'admitted',
    )
    return { guest, errors }
  }

  it('admits a customer from an appointment link through the waiting room, and connects media', async () => {
    const { agent, joinUrl } = await agentInMeeting()
    const { guest: customer, errors } = await guestAdmitted(agent, joinUrl, 'Tomas Muñoz')
    await until(
      agent,
      () => window.agentState.remoteTracks,
      (n) => n >= 1,
      'the agent receives the customer media',
    )
    await until(
      customer,
      () => window.customerState.remoteTracks,
      (n) => n >= 1,
      'the customer receives the agent media',
    )
    assert.deepEqual(errors, [])
  })

  it("lets a meeting's guests see and hear each other, each video named, each chat line its sender's", async () => {
    const { agent, joinUrl } = await agentInMeeting()
    const { guest: first, errors } = await guestAdmitted(agent, joinUrl, 'Tomas Muñoz')
    const { guest: second, errors: secondErrors } = await guestAdmitted(agent, joinUrl, 'Rosa Vidal')
    // Each guest receives two: the agent's media and the other guest's.
    for (const guest of [first, second])
      await until(
        guest,
        () => window.customerState.remoteTracks,
        (n) => n === 2,
        'a guest receives the agent and the other guest',
      )
    const captions = (guest: Page) => guest.locator('#remote-videos figcaption').allInnerTexts()
    assert.deepEqual((await captions(first)).sort(), ['Ana Alvarez', 'Rosa Vidal'])
    assert.deepEqual((await captions(second)).sort(), ['Ana Alvarez', 'Tomas Muñoz'])
    // Each video's accessible name is its caption.
    const labels = await second
      .locator('#remote-videos video')
      .evaluateAll((videos) => videos.map((video) => video.getAttribute('aria-label')))
    assert.deepEqual(labels.sort(), ['Ana Alvarez', 'Tomas Muñoz'])

    await second.fill('#chat-form input[name=text]', 'Hola, soy Rosa')
    await second.press('#chat-form input[name=text]', 'Enter')
    for (const guest of [first, second])
      await until(
        guest,
        () => window.customerState.messages,
        (lines) => lines.includes('Hola, soy Rosa'),
        'the line reaches both guests',
      )
    // The other guest is a customer too: the line is Rosa's on Tomas's page, not "You".
    assert.equal(await first.locator('#chat-log').innerText(), 'Rosa Vidal: Hola, soy Rosa')
    assert.equal(await second.locator('#chat-log').innerText(), 'You: Hola, soy Rosa')
    assert.deepEqual([...errors, ...secondErrors], [])
  })

  it('tells a customer who refused the camera and microphone that the agent can neither see nor hear them', async () => {
    const agent = await availableAgent()
    const customer = await newPage()
    const errors = collectErrors(customer)
    // The browser's answer when the customer refuses the permission prompt.
    await customer.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
    })
    await callsSales(customer, 'Rita Refused')
    const notice = customer.locator('#media-notice')
    await notice.waitFor({ state: 'visible', timeout: 10_000 })
    assert.equal(
      await notice.textContent(),
      'The agent can neither see nor hear you (access refused). You can still write in the chat.',
    )
    // No own picture to show: no empty black box where it would be.
    assert.equal(await customer.locator('#self-view').isVisible(), false)
    await customer.fill('#chat-form input[name=text]', 'No tengo cámara')
    await customer.press('#chat-form input[name=text]', 'Enter')
    await until(
      agent,
      () => window.agentState.messages,
      (lines) => lines.includes('No tengo cámara'),
      'the line at the agent',
    )
    assert.deepEqual(errors, [])
  })

  it('keeps a name typed while the camera is still starting, and calls with it', async () => {
    const page = await newPage()
    const errors = collectErrors(page)
    // A camera that takes 1.5 s to answer, as on a busy machine: the form must wait for the page.
    await page.addInitScript(() => {
      const devices = navigator.mediaDevices
      const open = devices.getUserMedia.bind(devices)
      devices.getUserMedia = (constraints) =>
        new Promise((resolve) => setTimeout(resolve, 1_500)).then(() => open(constraints))
    })
    await page.goto(`${world.server.url}/customer.html?segment=${await segmentId(world.server, 'Sales')}`)
    await page.fill('input[name=name]', 'Quick Typist')
    await page.click('#call-button')
    await until(
      page,
      () => window.customerState.screen,
      (screen) => screen === 'queue',
      'queued',
    )
    assert.equal(await page.inputValue('input[name=name]'), 'Quick Typist')
    assert.deepEqual(errors, [])
  })
})
