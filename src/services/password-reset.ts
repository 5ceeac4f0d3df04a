import {
  HTTP_PATHS,
  OkSchema,
  PasswordResetAcceptedSchema,
  PasswordResetInfoSchema,
  type PasswordResetInfo,
} from '../protocol'
import type { HttpClient } from './http'

/**
 * Whether the server sends reset links by email (false: production without a mail server).
 *
 * @example
 * const { byEmail } = await requestResetInfo(api())
 */
export function requestResetInfo(http: HttpClient): Promise<PasswordResetInfo> {
  return http.get(HTTP_PATHS.passwordReset, { auth: false, schema: PasswordResetInfoSchema })
}

/**
 * Asks for a reset link for `email`. The server answers the same whether an account has it or not.
 *
 * @example
 * await requestResetLink(api(), 'ana@example.com')
 */
export async function requestResetLink(http: HttpClient, email: string): Promise<void> {
  await http.post(HTTP_PATHS.passwordReset, {
    auth: false,
    body: { email },
    schema: PasswordResetAcceptedSchema,
  })
}

/**
 * Sets a new password with a reset link's token; rejects with the server's `HttpError` (410 for a link
 * that is used, expired or unknown).
 *
 * @example
 * await confirmPasswordReset(api(), token, 'a long new password')
 */
export async function confirmPasswordReset(http: HttpClient, token: string, password: string): Promise<void> {
  await http.post(HTTP_PATHS.passwordResetConfirm, {
    auth: false,
    body: { token, password },
    schema: OkSchema,
  })
}
