import * as v from 'valibot'
import { IdSchema } from './common'

/** Image types an agent may upload as a virtual background (no SVG: it can carry script). */
export const BACKGROUND_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
/** A background image type. */
export type BackgroundImageType = (typeof BACKGROUND_IMAGE_TYPES)[number]
/** The largest background image an agent may upload (2 MB). */
export const BACKGROUND_IMAGE_MAX_BYTES = 2 * 1024 * 1024
/** How many images of their own an agent may keep. */
export const BACKGROUND_IMAGE_MAX_COUNT = 12

/** A background image (`settings.virtualBackground.images` entries have the same shape). */
export const BackgroundImageSchema = v.object({ _id: IdSchema, url: v.string() })
/** A background image. */
export type BackgroundImage = v.InferOutput<typeof BackgroundImageSchema>

/** Response of `GET /user/backgrounds`: the agent's own images, oldest first. */
export const BackgroundImagesResponseSchema = v.object({ data: v.array(BackgroundImageSchema) })
/** The agent's own images. */
export type BackgroundImagesResponse = v.InferOutput<typeof BackgroundImagesResponseSchema>

/** Reasons of an upload refused: 403 `no-access` ('You do not have access to upload images'), 415 `type`, 413 `size`, 409 `count`. */
export const BACKGROUND_UPLOAD_REASON = {
  noAccess: 'no-access',
  type: 'type',
  size: 'size',
  count: 'count',
} as const
