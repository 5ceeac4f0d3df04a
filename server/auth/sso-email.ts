/**
 * `SSO_EMAIL_TRUSTED_ISSUERS`: issuers (comma-separated, exactly as configured for the account) whose
 * ID tokens leave `email_verified` out although every email they carry is one they verified (a company
 * directory such as Microsoft Entra ID). The operator vouches for them; empty by default.
 */
export function trustedEmailIssuers(env: Record<string, string | undefined>): string[] {
  return (env.SSO_EMAIL_TRUSTED_ISSUERS ?? '')
    .split(',')
    .map((issuer) => issuer.trim())
    .filter(Boolean)
}

/**
 * The email an SSO identity may be bound by the first time it signs in: only one the provider says it
 * verified (`email_verified === true`, not merely absent), or one of an issuer the operator trusts
 * (`trustedEmailIssuers`). A provider that lets people type any address would otherwise let them sign
 * in as whoever has it here.
 *
 * @example
 * verifiedEmailOf({ email: 'ana@example.com' }, 'https://idp.example', []) // undefined
 */
export function verifiedEmailOf(
  claims: Record<string, unknown> | undefined,
  issuer: string,
  trustedIssuers: readonly string[],
): string | undefined {
  if (typeof claims?.email !== 'string') return undefined
  const verified = claims.email_verified === true || trustedIssuers.includes(issuer)
  return verified ? claims.email : undefined
}
