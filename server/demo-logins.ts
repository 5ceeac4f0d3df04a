import { currentTotp } from './auth/totp'
import { DEMO_BACKUP_CODES, DEMO_PASSWORD, DEMO_TOTP_SECRET, SEED_USERS } from './store/seed-content'

const NOTES: Record<string, string> = {
  ana: 'agent · Sales, Support',
  bruno: 'agent · Sales, Billing',
  carla: 'agent · Support, Billing',
  diego: 'agent · Support',
  elena: 'agent · Sales (Europe/Madrid)',
  otp: 'agent with 2FA → 412, then a code',
  sso: 'agent with enterprise SSO',
  locked: 'locked user → 423',
  supervisor: 'supervisor (level 4) → redirect',
  admin: 'administrator (level 1) → redirect',
  expired: 'subscription expired → 402',
  restricted: 'IP not allowed → 403',
}

/** Prints the demo logins of the seed (`npm start`). */
export function printDemoLogins(now: number): void {
  console.log(`\nDemo logins (password for all: ${DEMO_PASSWORD})`)
  for (const user of SEED_USERS) console.log(`  ${user.email.padEnd(24)} ${NOTES[user.key] ?? ''}`)
  console.log(`\n2FA: secret ${DEMO_TOTP_SECRET} (current code ${currentTotp(DEMO_TOTP_SECRET, now)}),`)
  console.log(
    `     backup codes ${DEMO_BACKUP_CODES.slice(0, 3).join(', ')} … ${DEMO_BACKUP_CODES.at(-1) ?? ''}`,
  )
  console.log(
    'Other statuses: 400 without the terms checkbox, 401 wrong password, 410 while failed logins make an address wait, 429 rate limit.',
  )
  console.log('Enterprise SSO: sso@demo.test signs in at the demo identity provider (same password).')
  console.log('Forgot password: without SMTP_URL the reset link is printed here instead of mailed.')
  console.log('Mint a claim id: POST /api/dev/claims {"email":"ana@demo.test"} → open /login/claim/{id}\n')
}
