import type { Application } from '../app'
import { configureAccountSso, SSO_CALLBACK_PATH } from '../auth/sso'
import { DEMO_PASSWORD, SEED } from '../store/seed-content'
import { startDemoIdentityProvider, type DemoIdentityProvider } from './identity-provider'

/** The demo's enterprise SSO person: `sso@demo.test` with the demo password, at the demo provider. */
export const DEMO_SSO_IDENTITY = {
  sub: 'demo-sso-person',
  email: 'sso@demo.test',
  name: 'Sergio Soto',
  password: DEMO_PASSWORD,
}

/**
 * Runs the demo identity provider beside a listening development server and points the demo
 * account's enterprise SSO at it (`npm start`, the end-to-end tests). Never in production.
 *
 * @example
 * const idp = await startDemoSso(app)
 * console.log(`Identity provider: ${idp.issuer}`)
 */
export async function startDemoSso(app: Application, port = 0): Promise<DemoIdentityProvider> {
  if (app.context.production) throw new Error('The demo identity provider is not for production')
  const idp = await startDemoIdentityProvider({
    port,
    redirectUri: `${app.context.publicUrl()}${SSO_CALLBACK_PATH}`,
    identity: DEMO_SSO_IDENTITY,
  })
  await configureAccountSso(app.context.db, {
    accountId: SEED.account,
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    scopes: 'openid email profile',
  })
  return idp
}
