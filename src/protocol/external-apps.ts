import * as v from 'valibot'

/**
 * Response of `GET /external-apps/{app}/sso`: a short-lived token for the feedback widget, and (our
 * extension) where the app's widget is served; the console opens it with the token.
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
