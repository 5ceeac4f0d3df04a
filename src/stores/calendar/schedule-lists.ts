import { atom, type WritableAtom } from 'nanostores'
import {
  DatesResponseSchema,
  HTTP_PATHS,
  HoursResponseSchema,
  ReferrersResponseSchema,
  ServiceFormResponseSchema,
  ServicesResponseSchema,
  type DayItem,
  type HourItem,
  type ServiceFormResponse,
} from '../../protocol'
import { earliestBookable } from '../../lib/booking-window'
import { clock } from '../../services/clock'
import { HttpError } from '../../services/http'
import { api } from '../session/connection'

/** A list the drawer loads over HTTP. */
export interface Loadable<T> {
  status: 'idle' | 'loading' | 'ready' | 'failed'
  data: T
  /** HTTP status of the failure (0: the server could not be reached). */
  error: number | null
  /** The server's message of the failure, shown where SPEC §8 asks for it. */
  message: string | null
}

const idle = <T>(data: T): Loadable<T> => ({ status: 'idle', data, error: null, message: null })

/** The calendars (services) the agent can book: `GET /services`. */
export const $scheduleServices = atom<Loadable<{ id: string; title: string }[]>>(idle([]))
/** The chosen service's dynamic form and slot length: `GET /services/{id}/forms`. */
export const $scheduleServiceForm = atom<Loadable<ServiceFormResponse | null>>(idle(null))
/** Referrer links ("scheduled since"): `GET /referrers`. */
export const $scheduleReferrers = atom<Loadable<{ url: string }[]>>(idle([]))
/** Days of the chosen month with a free slot: `GET /users/{id}/dates`, none before now + 5 min. */
export const $scheduleDays = atom<Loadable<DayItem[]>>(idle([]))
/** Free slots of the chosen day: `GET /users/{id}/hours`, none before now + 3 min. */
export const $scheduleHours = atom<Loadable<HourItem[]>>(idle([]))

const sequences = new WeakMap<object, number>()

/** Loads into a list atom; a slower earlier answer never overwrites a later one. */
async function load<T>(store: WritableAtom<Loadable<T>>, fetch: () => Promise<T>): Promise<Loadable<T>> {
  const sequence = (sequences.get(store) ?? 0) + 1
  sequences.set(store, sequence)
  store.set({ ...store.get(), status: 'loading', error: null, message: null })
  let result: Loadable<T>
  try {
    result = { status: 'ready', data: await fetch(), error: null, message: null }
  } catch (failure) {
    const error = failure instanceof HttpError ? failure : new HttpError(500, String(failure))
    result = { ...store.get(), status: 'failed', error: error.status, message: error.message || null }
  }
  if (sequences.get(store) === sequence) store.set(result)
  return store.get()
}

/** Loads the services the agent can book. */
export function loadServices(): Promise<Loadable<{ id: string; title: string }[]>> {
  return load($scheduleServices, async () => {
    const { data } = await api().get(HTTP_PATHS.services, { schema: ServicesResponseSchema })
    return data
  })
}

/** Loads a service's form. */
export function loadServiceForm(service: string): Promise<Loadable<ServiceFormResponse | null>> {
  return load($scheduleServiceForm, () =>
    api().get(HTTP_PATHS.serviceForms(service), { schema: ServiceFormResponseSchema }),
  )
}

/** Loads the referrer links. */
export function loadReferrers(): Promise<Loadable<{ url: string }[]>> {
  return load($scheduleReferrers, async () => {
    const { data } = await api().get(HTTP_PATHS.referrers, { schema: ReferrersResponseSchema })
    return data
  })
}

/** What the day and hour lists are asked for. */
export interface SlotQuery {
  user: string
  service: string | null
  timeZone: string
}

/** Loads the bookable days of a month (`month` is its first day), dropping any before now + 5 min. */
export function loadDays(query: SlotQuery, month: string): Promise<Loadable<DayItem[]>> {
  return load($scheduleDays, async () => {
    const { data } = await api().get(HTTP_PATHS.userDates(query.user), {
      query: { month, service: query.service ?? undefined, timezone: query.timeZone },
      schema: DatesResponseSchema,
    })
    const earliest = earliestBookable(clock.now(), 'day')
    return data.filter((day) => Date.parse(day.utc) >= earliest)
  })
}

/** Loads the free slots of a day, dropping any before now + 3 min. */
export function loadHours(query: SlotQuery, date: string): Promise<Loadable<HourItem[]>> {
  return load($scheduleHours, async () => {
    const { data } = await api().get(HTTP_PATHS.userHours(query.user), {
      query: { date, service: query.service ?? undefined, timezone: query.timeZone },
      schema: HoursResponseSchema,
    })
    const earliest = earliestBookable(clock.now(), 'hour')
    return data.filter((hour) => Date.parse(hour.utc) >= earliest)
  })
}

/** Empties the day and hour lists (another month, service or zone). */
export function clearSlots(which: 'days' | 'hours'): void {
  if (which === 'days') $scheduleDays.set(idle([]))
  $scheduleHours.set(idle([]))
}

/** Empties every list (the drawer closed). */
export function resetScheduleLists(): void {
  $scheduleServices.set(idle([]))
  $scheduleServiceForm.set(idle(null))
  $scheduleReferrers.set(idle([]))
  clearSlots('days')
}
