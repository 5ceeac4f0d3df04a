import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Locator, Page } from 'playwright-core'
import { DEMO_PASSWORD } from '../../server/store/seed-content'
import { SmtpInbox, type ReceivedMail } from '../support/smtp-inbox'
import { axeFailures } from './support/axe'
import { collectErrors } from './support/browser'
import { inConsole, passStartup } from './support/console-page'
import { freshWorld } from './support/world'

// Issue 69: an agent who forgot their password asks for a link on the login, reads the mail a real SMTP server
// (in this process) received from the real server (started with SMTP_URL pointing at it), follows the link, sets
// a new password and signs in with it; the old password no longer works.

let inbox: SmtpInbox | undefined
after(() => inbox?.close())

/** The texts the journey reads and clicks, in the browser's language. */
interface Words {
  locale: string
  forgot: string
  send: string
  sent: RegExp
  subject: string
  save: string
  changed: string
  credentials: string
  invalidLink: RegExp
  askAgain: string
}

const ENGLISH: Words = {
  locale: 'en-US',
  forgot: 'Forgot password?',
  send: 'Send the link',
  sent: /If an account exists for this email, a message is on its way/,
  subject: 'Reset your password',
  save: 'Set the new password',
  changed: 'Your password was changed. Sign in with the new one.',
  credentials: 'The email or the password is incorrect.',
  invalidLink: /This link does not work any more/,
  askAgain: 'Ask for a new link',
}

const SPANISH: Words = {
  locale: 'es-ES',
  forgot: '¿Olvidaste tu contraseña?',
  send: 'Enviar el enlace',
  sent: /Si existe una cuenta con este correo, te llegará un mensaje/,
  subject: 'Restablece tu contraseña',
  save: 'Guardar la nueva contraseña',
  changed: 'Tu contraseña se cambió. Inicia sesión con la nueva.',
  credentials: 'El correo electrónico o la contraseña no son correctos.',
  invalidLink: /Este enlace ya no funciona/,
  askAgain: 'Pedir un nuevo enlace',
}

/** Whether `locator`'s element has the focus (inside the console's shadow root). */
function focused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => (element.getRootNode() as ShadowRoot).activeElement === element)
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.fill(inConsole('input[name=email]'), email)
  await page.fill(inConsole('input[name=password]'), password)
  await page.check(inConsole('input[name=agreement]'))
  await page.click(inConsole('button[type=submit]'))
}

/** The reset link of a mail, from its plain text (the HTML part links to the same address). */
function linkOf(mail: ReceivedMail, port: number): string {
  const link = /(http:\/\/\S+\/password\/reset\?token=[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1]
  assert.ok(link, `no reset link in: ${mail.text}`)
  // The server's public address (this test's server names itself by the address it listens on).
  assert.equal(new URL(link).port, String(port))
  assert.ok(mail.html.includes(`href="${link}"`), mail.html)
  return link
}

async function noSeriousAxeFinding(page: Page, where: string): Promise<void> {
  const serious = (await axeFailures(page)).filter(
    (finding) => finding.impact === 'serious' || finding.impact === 'critical',
  )
  assert.deepEqual(serious, [], `${where}: ${JSON.stringify(serious, null, 1)}`)
}

describe('an agent resets a forgotten password by email', () => {
  const world = freshWorld(async () => {
    inbox ??= await SmtpInbox.start()
    return { SMTP_URL: inbox.url, MAIL_FROM: 'Agent console <reset@console.test>' }
  })

  for (const [words, email] of [
    [ENGLISH, 'ana@demo.test'],
    [SPANISH, 'bruno@demo.test'],
  ] as const)
    it(`in ${words.locale}: asks on the login, follows the mailed link, sets a new password and signs in with it`, async () => {
      const mails = inbox!.to(email).length
      const page = await (await world.newContext({ locale: words.locale })).newPage()
      const errors = collectErrors(page)
      const newPassword = `a new password for ${words.locale}`
      const { url } = world.server

      await page.goto(`${url}/login`)
      await page.click(inConsole(`a:has-text("${words.forgot}")`))
      await page.waitForURL(`${url}/password/forget`)
      await noSeriousAxeFinding(page, '/password/forget')
      await page.fill(inConsole('#reset-email'), email)
      await page.click(inConsole(`button:has-text("${words.send}")`))
      const sent = page.locator(inConsole('[role=status]')).filter({ hasText: words.sent })
      await sent.waitFor()
      assert.ok(await focused(sent), 'the answer takes the focus')

      const mail = await inbox!.next(email, mails + 1)
      assert.equal(mail.subject, words.subject)
      assert.equal(mail.from, 'reset@console.test')
      const link = linkOf(mail, world.server.port)
      const origin = new URL(link).origin

      await page.goto(link)
      await page.locator(inConsole('#new-password')).waitFor()
      await noSeriousAxeFinding(page, '/password/reset')
      await page.fill(inConsole('#new-password'), newPassword)
      await page.fill(inConsole('#repeat-password'), newPassword)
      await page.click(inConsole(`button:has-text("${words.save}")`))
      await page.waitForURL(`${origin}/login`)
      const notice = page.locator(inConsole('[role=status]')).filter({ hasText: words.changed })
      await notice.waitFor()
      assert.ok(await focused(notice), 'the notice takes the focus')

      await logIn(page, email, DEMO_PASSWORD)
      await page.locator(inConsole('[role=alert]')).filter({ hasText: words.credentials }).waitFor()
      await logIn(page, email, newPassword)
      await passStartup(page)

      // The link worked once: followed again, it says so and offers to ask again.
      const again = await (await world.newContext({ locale: words.locale })).newPage()
      await again.goto(link)
      await again.fill(inConsole('#new-password'), `${newPassword} again`)
      await again.fill(inConsole('#repeat-password'), `${newPassword} again`)
      await again.click(inConsole(`button:has-text("${words.save}")`))
      const invalid = again.locator(inConsole('[role=alert]')).filter({ hasText: words.invalidLink })
      await invalid.waitFor()
      assert.ok(await focused(invalid), 'the refusal takes the focus')
      await again.click(inConsole(`a:has-text("${words.askAgain}")`))
      await again.waitForURL(`${origin}/password/forget`)
      // The refused old password is a 401 the browser logs; nothing else may go wrong.
      assert.deepEqual(
        errors.filter((error) => !/status of 401/.test(error)),
        [],
      )
    })
})
