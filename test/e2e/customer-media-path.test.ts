import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { collectErrors } from './support/browser'
import { segmentId } from './support/console-page'
import { freshWorld } from './support/world'

/** Longer than MEDIA_CONNECT_TIMEOUT_MS (15 s), after which a media path that never connected is `failed`. */
const FAILED_WITHIN_MS = 30_000

describe('demo/customer.html when the media cannot connect', () => {
  // Relay-only through a TURN server nobody runs (port 9 of this machine): neither side gathers a single
  // candidate, so the call answers and its media never connects, as between two NATs without TURN.
  const world = freshWorld({
    TIMERS: JSON.stringify({ ringTimeoutMs: 15_000 }),
    TURN_URLS: 'turn:127.0.0.1:9?transport=udp',
    TURN_SECRET: 'lab-secret-that-is-long-enough-for-production',
    ICE_TRANSPORT_POLICY: 'relay',
  })
  // The pages' CSP would refuse what Playwright's polling evaluates; csp-journey.test.ts holds the CSP.
  const newPage = async () => (await world.newContext({ bypassCSP: true })).newPage()
  const pathFailed = (page: Page, state: 'customerState' | 'agentState') =>
    page.waitForFunction(
      (name) => Object.values(window[name as 'customerState'].media).some((path) => path.state === 'failed'),
      state,
      { timeout: FAILED_WITHIN_MS, polling: 200 },
    )

  it('tells the customer in words that the video could not connect; the call and its chat go on', async () => {
    const agent = await newPage()
    const agentErrors = collectErrors(agent)
    await agent.goto(`${world.server.url}/test-agent.html?email=elena@demo.test&password=Demo1234!`)
    await agent.waitForFunction(() => window.agentState.status === 'available')

    const customer = await newPage()
    const customerErrors = collectErrors(customer)
    await customer.goto(`${world.server.url}/customer.html?segment=${await segmentId(world.server, 'Sales')}`)
    await customer.fill('input[name=name]', 'Paula Playwright')
    await customer.click('#call-button')
    await customer.waitForFunction(() => window.customerState.screen === 'call')

    await pathFailed(customer, 'customerState')
    await pathFailed(agent, 'agentState')
    const notice = customer.getByRole('status').filter({ hasText: 'The video could not connect' })
    assert.equal(
      await notice.innerText(),
      'The video could not connect. The call goes on: you can still write in the chat.',
    )
    const customerState = await customer.evaluate(() => window.customerState)
    assert.equal(customerState.screen, 'call', 'the call goes on')
    assert.equal(customerState.ice?.iceTransportPolicy, 'relay')
    // Relay-only: not one candidate of either side reached the other (no TURN gave any).
    assert.deepEqual(customerState.remoteCandidates, [])
    assert.deepEqual(await agent.evaluate(() => window.agentState.remoteCandidates), [])

    await customer.fill('#chat-form input', 'No le veo')
    await customer.click('#chat-form button')
    await agent.waitForFunction(() => window.agentState.messages.includes('No le veo'))
    assert.deepEqual(customerErrors, [])
    assert.deepEqual(agentErrors, [])
  })
})
