import { atom, computed } from 'nanostores'
import {
  BACKGROUND_IMAGE_MAX_BYTES,
  BACKGROUND_IMAGE_TYPES,
  BACKGROUND_UPLOAD_REASON,
  BackgroundImageSchema,
  BackgroundImagesResponseSchema,
  HTTP_PATHS,
  type VirtualBackgroundChoice,
} from '../../protocol'
import { HttpError } from '../../services/http'
import type { MessageId } from '../app/i18n'
import { $config } from '../app/config'
import { api } from '../session/connection'
import { onLogout } from '../session/logout'
import { resumeBackground } from './background-effect'
import { $consoleSettings, $userSettings, saveUserSettings } from './settings'
import { savesInTurn } from '../../lib/saves-in-turn'

/** An image the agent may put behind them: the account's, or one of their own. */
export interface BackgroundImageOption {
  id: string
  /** Where the page shows it from (the account's URL, or a local copy of an own image); null while it loads. */
  src: string | null
  own: boolean
}

/** The virtual background page's own state (the choice itself lives in the user settings). */
export interface VirtualBackgroundPageState {
  /** The agent's own images, oldest first. */
  own: readonly BackgroundImageOption[]
  /** The choice being saved. */
  saving: VirtualBackgroundChoice | null
  uploading: boolean
  /** The last refusal or failure. */
  error: MessageId | null
  /** A confirmation (saved, uploaded). */
  notice: MessageId | null
}

const INITIAL: VirtualBackgroundPageState = {
  own: [],
  saving: null,
  uploading: false,
  error: null,
  notice: null,
}

/** The virtual background page's state (`/profile/virtual-background`). */
export const $virtualBackgroundPage = atom<VirtualBackgroundPageState>(INITIAL)

/** The background the agent chose: `''` none, `'blur'`, or an image id; none while it is switched off. */
export const $virtualBackground = computed($userSettings, (settings): VirtualBackgroundChoice => {
  const chosen = settings?.virtualBackground
  return chosen?.enabled ? chosen.background : ''
})

/** The account's images (`settings.virtualBackground.images`), their URLs resolved against the server. */
export const $accountBackgrounds = computed(
  [$consoleSettings, $config],
  (settings, config): readonly BackgroundImageOption[] => {
    const base = new URL(config.apiUrl, globalThis.location?.href)
    return (settings?.virtualBackground.images ?? []).map((image) => ({
      id: image._id,
      src: new URL(image.url, base).href,
      own: false,
    }))
  },
)

function update(patch: Partial<VirtualBackgroundPageState>): void {
  $virtualBackgroundPage.set({ ...$virtualBackgroundPage.get(), ...patch })
}

function forgetLocalCopies(images: readonly BackgroundImageOption[]): void {
  for (const image of images) if (image.src?.startsWith('blob:')) URL.revokeObjectURL(image.src)
}

/** Reads an own image's bytes (they need the bearer token) into a local URL the page can show. */
async function localCopy(id: string): Promise<string | null> {
  try {
    const blob = (await api().get(HTTP_PATHS.backgroundImage(id), { responseType: 'blob' })) as Blob
    return URL.createObjectURL(blob)
  } catch (error) {
    console.warn('[agent-console] a background image could not be read', error)
    return null
  }
}

async function withLocalCopy(id: string): Promise<BackgroundImageOption> {
  return { id, src: await localCopy(id), own: true }
}

/**
 * Reads the agent's own images (and makes local copies of them to show).
 *
 * @example
 * useEffect(() => void loadOwnBackgrounds(), [])
 */
export async function loadOwnBackgrounds(): Promise<void> {
  try {
    const { data } = await api().get(HTTP_PATHS.backgroundImages, { schema: BackgroundImagesResponseSchema })
    const own = await Promise.all(data.map((image) => withLocalCopy(image._id)))
    forgetLocalCopies($virtualBackgroundPage.get().own)
    update({ own })
  } catch (error) {
    console.warn('[agent-console] background images could not be read', error)
    update({ error: 'virtualBackground.errors.loadFailed' })
  }
}

/** What is wrong with a file before it is sent, or null. */
export function uploadProblem(file: { type: string; size: number }): MessageId | null {
  if (!(BACKGROUND_IMAGE_TYPES as readonly string[]).includes(file.type))
    return 'virtualBackground.errors.type'
  if (file.size > BACKGROUND_IMAGE_MAX_BYTES) return 'virtualBackground.errors.size'
  if (file.size === 0) return 'virtualBackground.errors.type'
  return null
}

function uploadRefusal(error: unknown): MessageId {
  if (!(error instanceof HttpError)) return 'virtualBackground.errors.uploadFailed'
  const reason = (error.body as { reason?: unknown } | undefined)?.reason
  if (reason === BACKGROUND_UPLOAD_REASON.noAccess || error.status === 403)
    return 'virtualBackground.errors.noAccess'
  if (reason === BACKGROUND_UPLOAD_REASON.type) return 'virtualBackground.errors.type'
  if (reason === BACKGROUND_UPLOAD_REASON.size) return 'virtualBackground.errors.size'
  if (reason === BACKGROUND_UPLOAD_REASON.count) return 'virtualBackground.errors.count'
  if (error.status === 0) return 'virtualBackground.errors.offline'
  return 'virtualBackground.errors.uploadFailed'
}

/**
 * Uploads an image of one's own (type and size checked here first, and again by the server).
 *
 * @example
 * await uploadBackground(input.files[0])
 */
export async function uploadBackground(file: Blob): Promise<void> {
  const problem = uploadProblem(file)
  if (problem) {
    update({ error: problem, notice: null })
    return
  }
  if ($virtualBackgroundPage.get().uploading) return
  update({ uploading: true, error: null, notice: null })
  try {
    const saved = await api().post(HTTP_PATHS.backgroundImages, {
      body: file,
      headers: { 'content-type': file.type },
      schema: BackgroundImageSchema,
    })
    const image = await withLocalCopy(saved._id)
    update({
      own: [...$virtualBackgroundPage.get().own, image],
      uploading: false,
      notice: 'virtualBackground.uploaded',
    })
  } catch (error) {
    update({ uploading: false, error: uploadRefusal(error) })
  }
}

/** One save at a time; arrowing through the backgrounds saves the one the agent stops on, last. */
const saveBackground = savesInTurn((choice: VirtualBackgroundChoice) =>
  saveUserSettings({ virtualBackground: { enabled: choice !== '', background: choice } }),
)

/**
 * Chooses the background (saved to the user settings): `''` turns it off.
 *
 * @example
 * await chooseBackground('blur')
 */
export async function chooseBackground(choice: VirtualBackgroundChoice): Promise<void> {
  update({ saving: choice, error: null, notice: null })
  const outcome = await saveBackground(choice)
  if (outcome.saved) {
    // Chosen again: one that had turned itself off (too slow, failed) gets another try.
    resumeBackground()
    update({ saving: null, notice: 'virtualBackground.saved' })
  } else {
    console.warn('[agent-console] the background could not be saved', outcome.error)
    update({ saving: null, error: 'virtualBackground.errors.saveFailed' })
  }
}

/** Forgets the page (it closes, or logout), and the local copies of the images. */
export function resetVirtualBackgroundPage(): void {
  forgetLocalCopies($virtualBackgroundPage.get().own)
  $virtualBackgroundPage.set(INITIAL)
}

onLogout(resetVirtualBackgroundPage)
