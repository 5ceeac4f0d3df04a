import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { IntlMessageFormat } from 'intl-messageformat'
import type { Page } from 'playwright-core'
import { collectErrors } from './support/browser'
import { freshWorld, type World } from './support/world'

// Issue 64: the customer page says in words, in its language, when the server's budgets for anonymous
// customers refuse it (server/realtime/customer-budgets.ts): a socket turned away, a call refused, a
// chat line written too fast (whose text stays in the input). Each server gets budgets of 1 or 2.

type Language = 'en' | 'es' | 'fr'

/** A customer page message in `language`, formatted as the page formats it. */
function message(language: Language, id: string): string {
  const source = (JSON.parse(readFileSync(`locales/${language}.json`, 'utf8')) as Record<string, string>)[id]
  assert.ok(source, `locales/${language}.json has ${id}`)
  return String(new IntlMessageFormat(source, language).format())
}

/** The Sales segment's id (the demo's). */
async function salesId(world: World): Promise<string> {
  const response = await fetch(`${world.server.url}/api/public/segments`)
  const segments = ((await response.json()) as { data: { id: string; name: string }[] }).data
  const sales = segments.find((segment) => segment.name === 'Sales')
  assert.ok(sales)
  return sales.id
}

/** A customer page in a browser context of its own (its own session), ready to call. */
async function customerPage(world: World, query: string): Promise<{ page: Page; errors: string[] }> {
  const page = await (await world.newContext()).newPage()
  const errors = collectErrors(page)
  await page.goto(`${world.server.url}/customer.html?${query}`)
  await page.locator('#call-fields:enabled').waitFor()
  return { page, errors }
}

/** Calls from the setup form as `name`. */
async function call(page: Page, name: string): Promise<void> {
  await page.fill('input[name=name]', name)
  await page.click('#call-button')
}

/** The notice `id` once it says `text` (it is an alert: heard as it appears). */
async function noticeSays(page: Page, id: string, text: string): Promise<void> {
  const notice = page.locator(`#${id}[role=alert]`)
  await notice.filter({ hasText: text }).waitFor()
  assert.equal((await notice.innerText()).trim(), text)
}

describe('a customer turned away by CUSTOMER_CONNECTIONS_PER_ADDRESS', () => {
  const world = freshWorld({ CUSTOMER_CONNECTIONS_PER_ADDRESS: '1' })

  it('is told in Spanish that their network has too many calls', async () => {
    const segment = await salesId(world)
    // The first page of this address holds its only connection (its call proves it is in).
    const first = await customerPage(world, `segment=${segment}`)
    await call(first.page, 'Primera')
    await first.page.locator('#queue').waitFor()

    const second = await customerPage(world, `segment=${segment}&lang=es`)
    await noticeSays(second.page, 'page-notice', message('es', 'customerPage.errors.tooManyFromNetwork'))
    // Calling while turned away sends nothing and keeps the page as it is.
    await call(second.page, 'Segunda')
    assert.equal(await second.page.locator('#setup').isVisible(), true)
    assert.deepEqual(second.errors, [])
  })
})

describe('a customer refused by the queue-join budgets', () => {
  const world = freshWorld({ QUEUE_JOINS_PER_ADDRESS: '2', QUEUE_JOINS_PER_SESSION: '1' })

  it('QUEUE_JOINS_PER_ADDRESS: the third call from one network is refused in French, the form kept', async () => {
    const segment = await salesId(world)
    for (const name of ['Ana', 'Bruno']) {
      const { page } = await customerPage(world, `segment=${segment}`)
      await call(page, name)
      await page.locator('#queue').waitFor()
    }
    const third = await customerPage(world, `segment=${segment}&lang=fr`)
    await call(third.page, 'Chloé')
    await noticeSays(third.page, 'page-notice', message('fr', 'customerPage.errors.tooManyFromNetwork'))
    assert.equal(await third.page.locator('#setup').isVisible(), true)
    assert.equal(await third.page.inputValue('input[name=name]'), 'Chloé')
    assert.deepEqual(third.errors, [])
  })

  it('QUEUE_JOINS_PER_SESSION: calling again in the same minute is refused in English', async () => {
    const segment = await salesId(world)
    const { page, errors } = await customerPage(world, `segment=${segment}`)
    await call(page, 'Diego')
    await page.locator('#queue').waitFor()
    await page.click('#leave-queue')
    await page.click('#again')
    // The reload keeps the tab's session: its one join of the minute is spent.
    await page.locator('#call-fields:enabled').waitFor()
    await call(page, 'Diego')
    await noticeSays(page, 'page-notice', message('en', 'customerPage.errors.tooManyCalls'))
    assert.equal(await page.locator('#setup').isVisible(), true)
    assert.deepEqual(errors, [])
  })
})

describe('a customer who chats faster than CHAT_LINES_PER_SECOND', () => {
  const world = freshWorld({ CHAT_LINES_PER_SECOND: '1' })

  it('is told the line was not sent, and finds its text still in the input', async () => {
    const segment = await salesId(world)
    // The demo's test agent answers what rings; it polls its state with a function (the CSP forbids it).
    const agent = await (await world.newContext({ bypassCSP: true })).newPage()
    await agent.goto(`${world.server.url}/test-agent.html?email=elena@demo.test&password=Demo1234!`)
    await agent.waitForFunction(() => window.agentState?.status === 'available')
    const { page, errors } = await customerPage(world, `segment=${segment}`)
    await call(page, 'Paula')
    await page.locator('#call').waitFor({ timeout: 20_000 })

    // A burst of twice the rate goes through; the third line within the second does not.
    const input = page.locator('#chat-form input[name=text]')
    for (const line of ['one', 'two', 'three']) {
      await input.fill(line)
      await input.press('Enter')
    }
    await noticeSays(page, 'chat-notice', message('en', 'customerPage.chat.tooFast'))
    assert.equal(await input.inputValue(), 'three')
    const log = page.locator('#chat-log p')
    await log.filter({ hasText: 'two' }).waitFor()
    assert.deepEqual(await log.allInnerTexts(), ['You: one', 'You: two'])

    // Sent again as it is once the second has passed (tried until then: the clock is the server's), it
    // goes through, the input empties and the notice goes.
    const deadline = Date.now() + 10_000
    while (!(await log.filter({ hasText: 'three' }).count())) {
      assert.ok(Date.now() < deadline, 'the line was never taken again')
      await input.press('Enter')
      await log
        .filter({ hasText: 'three' })
        .waitFor({ timeout: 300 })
        .catch(() => undefined)
    }
    assert.deepEqual(await log.allInnerTexts(), ['You: one', 'You: two', 'You: three'])
    await page.locator('#chat-notice').waitFor({ state: 'hidden' })
    assert.equal(await input.inputValue(), '')
    assert.deepEqual(errors, [])
  })
})
