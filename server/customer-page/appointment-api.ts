/**
 * The calls of the manage page (`customer.html?modify=<code>`) to the reference server's public
 * appointment routes: no login, the modify code is the secret. Responses are checked against the
 * protocol's schemas, so a malformed one is a failure the page reports, never a half-drawn screen.
 */
import * as v from 'valibot'
import {
  DatesResponseSchema,
  HoursResponseSchema,
  type DayItem,
  type HourItem,
} from '../../src/protocol/appointments'
import { PublicAppointmentSchema, type PublicAppointment } from '../../src/protocol/customer-appointments'
import { HTTP_PATHS } from '../../src/protocol/http-paths'
import { t } from './i18n'

const API_BASE = '/api'

/**
 * What a call gives: the data, or why not. `status` is the HTTP status (0: the request never got an
 * answer, e.g. the network is down; -1: the answer was not what the protocol says).
 */
export type ApiResult<T> =
  { ok: true; data: T } | { ok: false; status: number; message: string; reason: string | null }

/** A failed call. */
export type ApiFailure = Extract<ApiResult<never>, { ok: false }>

async function call<T>(
  path: string,
  schema: v.GenericSchema<unknown, T>,
  init: { method: 'GET' } | { method: 'POST'; body: unknown } = { method: 'GET' },
): Promise<ApiResult<T>> {
  let response: Response
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      ...(init.method === 'POST' ? { body: JSON.stringify(init.body) } : {}),
    })
  } catch (error) {
    return { ok: false, status: 0, message: (error as Error).message, reason: null }
  }
  const body: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    const error = (body ?? {}) as { message?: unknown; reason?: unknown }
    return {
      ok: false,
      status: response.status,
      message: typeof error.message === 'string' ? error.message : response.statusText,
      reason: typeof error.reason === 'string' ? error.reason : null,
    }
  }
  const parsed = v.safeParse(schema, body)
  if (!parsed.success) return { ok: false, status: -1, message: 'unexpected response', reason: null }
  return { ok: true, data: parsed.output }
}

/** A failed call in a sentence, for the status line. */
export function failureText(result: ApiFailure): string {
  if (result.status === 0) return t('customerPage.errors.offline')
  if (result.status === 429) return t('customerPage.errors.tooMany')
  return t('customerPage.errors.somethingWrong')
}

const path = (code: string, tail = '') => `${HTTP_PATHS.publicAppointment(code)}${tail}`

/** The appointment a modify code leads to (the one it was moved to, if it was moved). */
export function loadAppointment(code: string): Promise<ApiResult<PublicAppointment>> {
  return call(path(code), PublicAppointmentSchema)
}

/** Days of the month of `month` (YYYY-MM-DD) in `timezone` with a free slot to move to. */
export async function freeDays(code: string, month: string, timezone: string): Promise<ApiResult<DayItem[]>> {
  const query = new URLSearchParams({ month, timezone })
  const result = await call(path(code, `/dates?${query}`), DatesResponseSchema)
  return result.ok ? { ok: true, data: result.data.data } : result
}

/** Free starts of `date` (YYYY-MM-DD in `timezone`) to move to. */
export async function freeHours(
  code: string,
  date: string,
  timezone: string,
): Promise<ApiResult<HourItem[]>> {
  const query = new URLSearchParams({ date, timezone })
  const result = await call(path(code, `/hours?${query}`), HoursResponseSchema)
  return result.ok ? { ok: true, data: result.data.data } : result
}

/** Cancels the appointment, with the customer's reason (may be empty). */
export function cancelAppointment(code: string, reason: string): Promise<ApiResult<PublicAppointment>> {
  return call(path(code, '/cancel'), PublicAppointmentSchema, { method: 'POST', body: { reason } })
}

/** Moves the appointment to `startAt` (one of the free hours); the answer is the new appointment. */
export function moveAppointment(code: string, startAt: string): Promise<ApiResult<PublicAppointment>> {
  return call(path(code, '/reschedule'), PublicAppointmentSchema, { method: 'POST', body: { startAt } })
}
