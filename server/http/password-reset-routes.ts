import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import {
  NewPasswordSchema,
  PASSWORD_RESET_REASON,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  ResetTokenSchema,
  type PasswordResetAccepted,
  type PasswordResetInfo,
  type Ok,
} from '../../src/protocol'
import { ServerError } from '../errors'
import { fieldErrors } from '../validation'
import { mailSender, type SendMail } from '../auth/mailer'
import { PasswordResets } from '../auth/password-reset'
import { readPasswordResetSettings } from '../auth/password-reset-settings'
import type { ApiTools } from './api-plugin'

/** A 400 whose message is the first thing wrong with the input, in words (a huge email, a NUL, markup). */
function parse<S extends v.GenericSchema>(schema: S, input: unknown, reason?: string): v.InferOutput<S> {
  const result = v.safeParse(schema, input)
  if (result.success) return result.output
  const message = result.issues[0]?.message ?? 'Malformed message'
  throw new ServerError(400, message, {
    errors: fieldErrors(result.issues),
    ...(reason ? { reason } : {}),
  })
}

/**
 * `/auth/password-reset` (no login, SPEC §7): whether reset by email is offered, asking for a link, and
 * setting the new password with it. `SMTP_URL` and `MAIL_FROM` say how mail goes; without `SMTP_URL`
 * development prints the link in the server's log (as `npm start` prints the 2FA code) and production
 * offers no reset (503: the login asks the agent to see their administrator).
 */
export function passwordResetRoutes(app: FastifyInstance, { context }: ApiTools): void {
  const settings = readPasswordResetSettings(process.env)
  const byEmail = settings.smtpUrl !== undefined || !context.production
  const printLink: SendMail = async (to, content) => {
    if (context.production) return
    console.log(`\nPassword reset mail to ${to} (no SMTP_URL): ${content.subject}\n${content.text}\n`)
  }
  const resets = new PasswordResets(
    context,
    settings,
    mailSender(settings.smtpUrl, settings.mailFrom, printLink),
  )

  app.get('/auth/password-reset', async (): Promise<PasswordResetInfo> => ({ byEmail }))

  app.post('/auth/password-reset', async (request, reply): Promise<PasswordResetAccepted> => {
    if (!byEmail) throw new ServerError(503, 'Reset by email is not available: ask your administrator')
    const body = parse(PasswordResetRequestSchema, request.body ?? {})
    const acceptLanguage = request.headers['accept-language']
    await resets.ask(body.email, { address: request.ip, acceptLanguage })
    reply.code(202)
    return { accepted: true }
  })

  app.post('/auth/password-reset/confirm', async (request): Promise<Ok> => {
    const input: Record<string, unknown> =
      typeof request.body === 'object' && request.body !== null
        ? (request.body as Record<string, unknown>)
        : {}
    // A broken link is told as a link to ask again for, a refused password as the rule it breaks.
    if (!v.is(ResetTokenSchema, input.token))
      throw new ServerError(410, 'This link is not valid any more: ask for a new one', {
        reason: PASSWORD_RESET_REASON.invalidToken,
      })
    parse(NewPasswordSchema, input.password, PASSWORD_RESET_REASON.weakPassword)
    const body = parse(PasswordResetConfirmSchema, input)
    await resets.confirm(body.token, body.password)
    return { ok: true }
  })
}
