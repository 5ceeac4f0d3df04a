import * as v from 'valibot'

/**
 * Response of `GET /external-apps/{app}/sso`: a short-lived token for the feedback widget, and (our
 * extension) where the app's widget is served; the console opens it with the token. A relative `url`
 * (the reference server's `/feedback.html`) is resolved against the API's own URL, not the host page's.
 */
export const ExternalAppSsoResponseSchema = v.object({
  ssoToken: v.string(),
  url: v.optional(v.string()),
})
/** An external-app SSO token. */
export type ExternalAppSsoResponse = v.InferOutput<typeof ExternalAppSsoResponseSchema>

/** Body of `POST /external-apps/feedback/submissions` (bearer: the feedback SSO token). */
export const FeedbackSubmissionSchema = v.object({
  /** 1 (poor) to 5 (great). */
  rating: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)),
  message: v.pipe(v.string(), v.trim(), v.maxLength(5_000)),
})
/** A feedback submission. */
export type FeedbackSubmission = v.InferOutput<typeof FeedbackSubmissionSchema>

/**
 * Response of `GET /external-apps/jwks.json` (no authentication): the public key that signs the
 * external-app SSO tokens (ES256, never the console's own `JWT_SECRET`), as a JSON Web Key Set. An app
 * verifies `ssoToken` with it (its `kid` names the key) and checks `aud` is its own name.
 */
export const ExternalAppJwksSchema = v.object({
  keys: v.array(
    v.object({
      kty: v.literal('EC'),
      crv: v.literal('P-256'),
      x: v.string(),
      y: v.string(),
      kid: v.string(),
      alg: v.literal('ES256'),
      use: v.literal('sig'),
    }),
  ),
})
/** The external apps' public key set. */
export type ExternalAppJwks = v.InferOutput<typeof ExternalAppJwksSchema>
