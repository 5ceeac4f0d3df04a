import * as v from 'valibot'

/** Response of `GET /external-apps/{app}/sso`: a short-lived token for the feedback widget. */
export const ExternalAppSsoResponseSchema = v.object({ ssoToken: v.string() })
/** An external-app SSO token. */
export type ExternalAppSsoResponse = v.InferOutput<typeof ExternalAppSsoResponseSchema>
