import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { IntlMessageFormat } from 'intl-messageformat'
import type { BrowserContextOptions, Locator, Page } from 'playwright-core'
import { axeFailures } from './support/axe'
import { collectErrors } from './support/browser'
import { freshWorld, type World } from './support/world'
import { DEMO_PASSWORD } from '../../server/store/seed-content'

type Language = 'en' | 'es' | 'fr'
const messages = Object.fromEntries(
  (['en', 'es', 'fr'] as const).map((language) => [
    language,
    JSON.parse(readFileSync(`locales/${language}.json`, 'utf8')) as Record<string, string>,
  ]),
) as Record<Language, Record<string, string>>

/** A customer page message in `language`, formatted as the page formats it. */
function message(language: Language, id: string, values?: Record<string, string>): string {
  const source = messages[language][id]
  assert.ok(source, `locales/${language}.json has ${id}`)
  return String(new IntlMessageFormat(source, language).format(values))
}

/**
 * The English of the customer page's messages that read otherwise in `language`: none of them may
 * show on a page in that language.
 */
function englishOnly(language: Language): string[] {
  return Object.entries(messages.en)
    .filter(([id, english]) => id.startsWith('customerPage.') && messages[language][id] !== english)
    .map(([, english]) => english.replace(/\s+/g, ' ').trim())
}

/**
 * Visible texts (text nodes, placeholders, aria-labels) of the page's header and shown sections, and
 * its title, that are one of `english`. Written as text: the test's TypeScript transform would add
 * helpers (`__name`) the page lacks.
 */
const LEFTOVERS = `((english) => {
  const found = []
  const normal = (text) => text.replace(/\\s+/g, ' ').trim()
  if (english.includes(normal(document.title))) found.push('title: ' + document.title)
  for (const root of document.querySelectorAll('main > header, main > section:not([hidden])')) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = normal(node.textContent || '')
      if (text && node.parentElement && node.parentElement.checkVisibility() && english.includes(text))
        found.push(text)
    }
    for (const element of root.querySelectorAll('[placeholder], [aria-label]')) {
      if (!element.checkVisibility()) continue
      for (const name of ['placeholder', 'aria-label']) {
        const value = normal(element.getAttribute(name) || '')
        if (value && english.includes(value)) found.push(name + ': ' + value)
      }
    }
  }
  return found
})`

/** English left on the page shown in `language`. */
async function englishLeft(page: Page, language: Language): Promise<string[]> {
  return (await page.evaluate(`${LEFTOVERS}(${JSON.stringify(englishOnly(language))})`)) as string[]
}

const text = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim()

/** The ways a customer gets a language: the browser's, or `?lang=` over an English browser's. */
const CASES: { name: string; locale: string; query: string; language: Language }[] = [
  { name: 'a Spanish browser', locale: 'es-ES', query: '', language: 'es' },
  { name: 'a French browser', locale: 'fr-FR', query: '', language: 'fr' },
  { name: 'an English browser with ?lang=fr', locale: 'en-US', query: 'lang=fr', language: 'fr' },
]

/** A page of its own context in `locale` (and `options`), its errors collected. */
async function customerPage(world: World, locale: string, options: BrowserContextOptions = {}) {
  const page = await (await world.newContext({ locale, ...options })).newPage()
  return { page, errors: collectErrors(page) }
}

const withQuery = (path: string, query: string) =>
  query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path

describe('demo/customer.html in the customer’s language', () => {
  const world = freshWorld()

  for (const { name, locale, query, language } of CASES)
    it(`shows the call form in ${language} to ${name}`, async () => {
      const { page, errors } = await customerPage(world, locale)
      await page.goto(withQuery(`${world.server.url}/customer.html`, query))
      // The script has filled the form and listens (after asking for the camera): the page is drawn.
      await page.locator('#call-fields:not([disabled])').waitFor({ timeout: 15_000 })
      assert.equal(await page.getAttribute('html', 'lang'), language)
      assert.equal(await page.title(), message(language, 'customerPage.documentTitle'))
      assert.equal(await text(page.locator('#title')), message(language, 'customerPage.title'))
      assert.equal(
        await text(page.locator('label:has(input[name=name]) span')),
        message(language, 'customerPage.setup.name'),
      )
      assert.equal(
        await text(page.locator('#segment-field span')),
        message(language, 'customerPage.setup.segment'),
      )
      assert.equal(await text(page.locator('#call-button')), message(language, 'customerPage.setup.call'))
      assert.equal(
        await text(page.locator('#media-status')),
        message(language, 'customerPage.setup.mediaReady'),
      )
      // The departments are the server's (their names are data), said the page's way.
      const segments = (await (await fetch(`${world.server.url}/api/public/segments`)).json()) as {
        data: { name: string; account: string; app: unknown; appsEnabled: boolean }[]
      }
      const first = segments.data[0]
      assert.ok(first, 'the demo has departments')
      assert.equal(
        await text(page.locator('#segment-field option').first()),
        message(language, 'customerPage.setup.segmentOption', {
          segment: first.name,
          account: first.account,
          app: first.appsEnabled && first.app ? 'yes' : 'no',
        }),
      )
      assert.deepEqual(await englishLeft(page, language), [])
      assert.deepEqual(await axeFailures(page), [])
      assert.deepEqual(errors, [])
    })

  it('draws nothing until its script has chosen the screen and the language', async () => {
    const { page, errors } = await customerPage(world, 'es-ES')
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    // The script arrives late (a slow network, the first request building it): the markup is there first.
    await page.route('**/customer.js', async (route) => {
      await held
      await route.continue()
    })
    await page.goto(`${world.server.url}/customer.html?modify=AAAAAAAAAAAAAAAA`, { waitUntil: 'commit' })
    await page.locator('#cancel-panel').waitFor({ state: 'attached', timeout: 15_000 })
    for (const english of ['#title', '#setup', '#call-button'])
      assert.equal(await page.locator(english).isVisible(), false, `${english} is drawn before the script`)
    release()
    await page.waitForFunction(() => window.manageState?.screen === 'invalid', undefined, { timeout: 15_000 })
    assert.equal(await page.locator('main').getAttribute('aria-busy'), null)
    assert.equal(await text(page.locator('#title')), message('es', 'customerPage.title'))
    assert.equal(await page.locator('#title').isVisible(), true)
    assert.equal(await page.locator('#setup').isVisible(), false)
    // The unknown code's 404 is the one error: the browser logs every failed request.
    assert.deepEqual(
      errors.filter((error) => !error.includes('the server responded with a status of 404')),
      [],
    )
  })

  for (const { name, locale, query, language } of CASES)
    it(`says in ${language} to ${name} that an unknown modify link is no longer valid`, async () => {
      const { page, errors } = await customerPage(world, locale)
      await page.goto(withQuery(`${world.server.url}/customer.html?modify=AAAAAAAAAAAAAAAA`, query))
      await page.waitForFunction(() => window.manageState?.screen === 'invalid', undefined, {
        timeout: 15_000,
      })

      assert.equal(await page.getAttribute('html', 'lang'), language)
      assert.equal(await page.title(), message(language, 'customerPage.manage.documentTitle'))
      assert.equal(
        await text(page.locator('#manage-title')),
        message(language, 'customerPage.appointment.title'),
      )
      assert.equal(await text(page.locator('#manage-status')), message(language, 'customerPage.link.invalid'))
      assert.deepEqual(await englishLeft(page, language), [])
      assert.deepEqual(await axeFailures(page), [])
      // The unknown code's 404 is the one error: the browser logs every failed request.
      assert.deepEqual(
        errors.filter((error) => !error.includes('the server responded with a status of 404')),
        [],
      )
    })
})

/** Ana works in Santiago; the browsers run in her zone. */
const ZONE = 'America/Santiago'
/** A seeded pending appointment of Ana's, tomorrow: far enough ahead to be changed by its customer. */
const CUSTOMER = 'Rocio Pinto'
/** Playwright's CSS engine pierces shadow roots: `agent-console .fc-event` reaches the grid. */
const inConsole = (selector: string) => `agent-console ${selector}`

/** Ana signs in to the console and copies the modify link of her appointment with `CUSTOMER`. */
async function modifyLinkOfAna(world: World): Promise<string> {
  const agent = await (
    await world.newContext({ timezoneId: ZONE, viewport: { width: 1400, height: 900 } })
  ).newPage()
  await agent.goto(world.server.url)
  await agent.fill(inConsole('input[name=email]'), 'ana@demo.test')
  await agent.fill(inConsole('input[name=password]'), DEMO_PASSWORD)
  await agent.check(inConsole('input[name=agreement]'))
  await agent.click(inConsole('button[type=submit]'))
  await agent
    .locator(inConsole('dialog [data-device="microphone"][data-found="true"]'))
    .waitFor({ timeout: 15_000 })
  await agent.locator(inConsole('dialog[open] button.primary')).click()
  await agent.locator(inConsole('dialog')).waitFor({ state: 'detached', timeout: 15_000 })
  await agent.locator(inConsole('.calendar-area .fc-event')).first().waitFor({ timeout: 15_000 })
  // Day by day from today until the appointment shows (it is tomorrow: a few days at most).
  const seeded = agent.locator(inConsole('.fc-event.status-pending'), { hasText: CUSTOMER })
  const heading = agent.locator(inConsole('.calendar-heading .calendar-date'))
  for (let day = 0; (await seeded.count()) === 0; day++) {
    assert.ok(day < 4, `the appointment with ${CUSTOMER} is not on the grid within 4 days`)
    const shown = ((await heading.textContent()) ?? '').trim()
    await agent.click(inConsole('.calendar-nav .next-day'))
    // The next day is shown, and its appointments are read.
    await heading.filter({ hasNotText: shown }).waitFor({ timeout: 15_000 })
    await agent
      .locator(inConsole('.calendar-status'))
      .filter({ hasNotText: /Loading/ })
      .waitFor({ timeout: 15_000 })
  }
  await seeded.first().click()
  await agent.locator(inConsole('.appointment-drawer .detail-title'), { hasText: CUSTOMER }).waitFor()
  // The drawer's second copyable link is the modify link.
  const modifyUrl =
    (await agent.locator(inConsole('.appointment-drawer .copyable a')).nth(1).getAttribute('href')) ?? ''
  assert.match(modifyUrl, /\/customer\.html\?modify=[\w-]+$/)
  return modifyUrl
}

describe('the manage page of a real appointment in the customer’s language', () => {
  const world = freshWorld()

  it('shows the appointment, the move panel and the cancel panel in Spanish, and in French', async () => {
    const modifyUrl = await modifyLinkOfAna(world)
    for (const { locale, query, language } of [CASES[0]!, CASES[2]!]) {
      const { page, errors } = await customerPage(world, locale, { timezoneId: ZONE })
      await page.goto(withQuery(modifyUrl, query))
      await page.waitForFunction(() => window.manageState?.screen === 'details', undefined, {
        timeout: 15_000,
      })
      const seen = await page.evaluate(() => window.manageState.appointment)
      assert.ok(seen, 'the page shows the appointment')

      assert.equal(await page.getAttribute('html', 'lang'), language)
      assert.equal(await text(page.locator('#manage-move')), message(language, 'customerPage.manage.move'))
      assert.equal(
        await text(page.locator('#manage-cancel')),
        message(language, 'customerPage.manage.cancel'),
      )
      assert.equal(await text(page.locator('#manage-join')), message(language, 'customerPage.meeting.join'))
      assert.equal(
        await text(page.locator('#manage-what')),
        seen.service
          ? message(language, 'customerPage.manage.serviceWithAgent', {
              service: seen.service,
              agent: seen.agent,
            })
          : message(language, 'customerPage.manage.withAgent', { agent: seen.agent }),
      )
      // The date is written in the page's language: its weekday as that language names it.
      const weekday = await page.evaluate(
        ({ at, lang, zone }) =>
          new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: zone }).format(Date.parse(at)),
        { at: seen.startAt, lang: language, zone: ZONE },
      )
      assert.ok((await text(page.locator('#manage-when'))).includes(weekday), `the date says ${weekday}`)
      assert.deepEqual(await englishLeft(page, language), [])
      assert.deepEqual(await axeFailures(page), [])

      // The move panel, once it has read the month's free days.
      await page.click('#manage-move')
      const looking = message(language, 'customerPage.move.looking')
      await page.waitForFunction(
        (note) => {
          const days = document.getElementById('days-note')?.textContent ?? ''
          return days !== note && document.querySelectorAll('#days > *').length > 0
        },
        looking,
        { timeout: 15_000 },
      )
      assert.equal(await text(page.locator('#move-title')), message(language, 'customerPage.move.title'))
      assert.equal(
        await page.getAttribute('#month-next', 'aria-label'),
        message(language, 'customerPage.move.nextMonth'),
      )
      assert.equal(await text(page.locator('#move-back')), message(language, 'customerPage.move.keepTime'))
      assert.deepEqual(await englishLeft(page, language), [])
      assert.deepEqual(await axeFailures(page), [])

      // The cancel panel (left without canceling).
      await page.click('#move-back')
      await page.click('#manage-cancel')
      await page.locator('#cancel-panel').waitFor({ timeout: 15_000 })
      assert.equal(
        await text(page.locator('#cancel-title')),
        message(language, 'customerPage.manage.cancelTitle'),
      )
      assert.equal(
        await text(page.locator('#cancel-confirm')),
        message(language, 'customerPage.manage.cancelConfirm'),
      )
      assert.deepEqual(await englishLeft(page, language), [])
      assert.deepEqual(await axeFailures(page), [])
      assert.deepEqual(errors, [])
    }
  })
})
