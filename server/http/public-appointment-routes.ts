import type { FastifyInstance } from 'fastify'
import {
  CustomerCancelRequestSchema,
  CustomerRescheduleRequestSchema,
  DatesQuerySchema,
  HoursQuerySchema,
  type DatesResponse,
  type HoursResponse,
  type PublicAppointment,
} from '../../src/protocol'
import { ServerError } from '../errors'
import { parseInput } from '../validation'
import { isKnownTimeZone } from '../../src/lib/zoned-time'
import {
  customerAppointment,
  customerCancel,
  customerDates,
  customerHours,
  customerReschedule,
} from '../meetings/customer-appointment'
import type { ApiTools } from './api-plugin'

type ByCode = { Params: { code: string } }

/** The time zone a customer's query asks in (the appointment's own zone by default). */
function zoneOf(requested: string | undefined, appointmentZone: string): string {
  const zone = requested ?? appointmentZone
  if (!isKnownTimeZone(zone)) throw new ServerError(400, `Unknown time zone ${zone}`)
  return zone
}

/**
 * The customer page's modify link (`customer.html?modify=<code>`), no login, the code being the secret:
 * the appointment, the free days and hours it could move to, cancel and move. The `/api` scope's rate
 * limit holds for these as for every route.
 */
export function publicAppointmentRoutes(app: FastifyInstance, { context }: ApiTools): void {
  const base = '/public/appointments/:code'
  app.get<ByCode>(base, async (request): Promise<PublicAppointment> =>
    customerAppointment(context, request.params.code),
  )

  app.get<ByCode>(`${base}/dates`, async (request): Promise<DatesResponse> => {
    const query = parseInput(DatesQuerySchema, request.query)
    const zone = zoneOf(query.timezone, (await customerAppointment(context, request.params.code)).timezone)
    return { data: await customerDates(context, request.params.code, query.month, zone) }
  })

  app.get<ByCode>(`${base}/hours`, async (request): Promise<HoursResponse> => {
    const query = parseInput(HoursQuerySchema, request.query)
    const zone = zoneOf(query.timezone, (await customerAppointment(context, request.params.code)).timezone)
    return { data: await customerHours(context, request.params.code, query.date, zone) }
  })

  app.post<ByCode>(`${base}/cancel`, async (request): Promise<PublicAppointment> => {
    const body = parseInput(CustomerCancelRequestSchema, request.body ?? {})
    return customerCancel(context, request.params.code, body.reason)
  })

  app.post<ByCode>(`${base}/reschedule`, async (request, reply) => {
    const body = parseInput(CustomerRescheduleRequestSchema, request.body)
    return reply.code(201).send(await customerReschedule(context, request.params.code, body.startAt))
  })
}
