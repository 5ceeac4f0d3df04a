import { atom, computed } from 'nanostores'
import {
  DEFAULT_STATUS_OPTIONS,
  HTTP_PATHS,
  UserSettingsSchema,
  type ConsoleSettings,
  type StatusOption,
  type UserSettings,
  type UserSettingsPatch,
} from '../../protocol'
import { api } from '../session/connection'
import { onLogout } from '../session/logout'

/** The account's console settings, pushed by the server as `console:settings` after authenticate. */
export const $consoleSettings = atom<ConsoleSettings | null>(null)

/** The agent's own settings (`GET /user/settings`): ringtone and virtual background. */
export const $userSettings = atom<UserSettings | null>(null)

/** Whether the calendar sidebar and the appointment checks are on (`settings.calendarEnabled`). */
export const $calendarEnabled = computed($consoleSettings, (settings) => settings?.calendarEnabled ?? false)

/** The feature switches of SPEC §6, false until the settings arrive. */
export interface Features {
  fileShare: boolean
  capture: boolean
  /** `settings.apps` is non-empty. */
  apps: boolean
  /** The recorder is enabled. */
  recordings: boolean
  calendar: boolean
  virtualBackground: boolean
}

/** Which features the account has switched on. */
export const $features = computed($consoleSettings, (settings): Features => ({
  fileShare: settings?.fileShare.enabled ?? false,
  capture: settings?.capture.enabled ?? false,
  apps: (settings?.apps.length ?? 0) > 0,
  recordings: settings?.recorder.enabled ?? false,
  calendar: settings?.calendarEnabled ?? false,
  virtualBackground: settings?.virtualBackground.enabled ?? false,
}))

/** The statuses the agent can choose (`settings.statuses`, in the server's order), or the defaults. */
export const $statusOptions = computed(
  $consoleSettings,
  // Before (or without) settings the two statuses the console cannot do without: the menu never stays disabled.
  (settings): readonly StatusOption[] =>
    settings?.statuses.length ? settings.statuses : DEFAULT_STATUS_OPTIONS,
)

/**
 * Keeps the console settings the server pushed (the realtime session calls this).
 *
 * @example
 * realtime().on('console:settings', receiveConsoleSettings)
 */
export function receiveConsoleSettings(settings: ConsoleSettings): void {
  $consoleSettings.set(settings)
}

/**
 * Loads the agent's settings. Failures are logged and leave the defaults in place: the ringtone falls
 * back to the first one.
 *
 * @example
 * await loadUserSettings()
 */
export async function loadUserSettings(): Promise<void> {
  try {
    $userSettings.set(await api().get(HTTP_PATHS.userSettings, { schema: UserSettingsSchema }))
  } catch (error) {
    console.warn('[agent-console] user settings could not be loaded', error)
  }
}

/**
 * Saves a change of the agent's settings (`PATCH /user/settings`) and keeps what the server answers;
 * throws when it is refused, leaving the settings as they were.
 *
 * @example
 * await saveUserSettings({ ringtone: 'marimba' })
 */
export async function saveUserSettings(patch: UserSettingsPatch): Promise<void> {
  const saved = await api().patch(HTTP_PATHS.userSettings, { body: patch, schema: UserSettingsSchema })
  $userSettings.set(saved)
}

/** Forgets both settings (logout). */
export function resetSettings(): void {
  $consoleSettings.set(null)
  $userSettings.set(null)
}

onLogout(resetSettings)
