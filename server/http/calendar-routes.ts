import type { FastifyInstance } from 'fastify'
import {
  DatesQuerySchema,
  HoursQuerySchema,
  RescheduleRequestSchema,
  ScheduleRequestSchema,
  type ReferrersResponse,
  type ServiceFormResponse,
  type ServicesResponse,
} from '../../src/protocol'
import { ServerError } from '../errors'
import { parseInput } from '../validation'
import { calendarServices } from '../meetings/appointments'
import { datesOf, hoursOf } from '../meetings/availability'
import {
  agentOfAccount,
  rescheduleAppointment,
  scheduleAppointment,
  serviceOfAgent,
} from '../meetings/schedule'
import { isKnownTimeZone } from '../../src/lib/zoned-time'
import type { ApiTools } from './api-plugin'

/** Services, their forms, referrers, free days and hours of a calendar, schedule and reschedule (SPEC §7). */
export function calendarRoutes(app: FastifyInstance, { context, authed }: ApiTools): void {
  app.get(
    '/services',
    authed(async (_request, { user }): Promise<ServicesResponse> => calendarServices(context, user.id)),
  )

  app.get(
    '/services/:id/forms',
    authed<{ Params: { id: string } }>(async (request, { user }): Promise<ServiceFormResponse> => {
      const rows = await context.db.query<{
        id: string
        title: string
        duration_min: number
        form: ServiceFormResponse['form']
      }>('SELECT id, title, duration_min, form FROM services WHERE id = $1 AND account_id = $2', [
        request.params.id,
        user.account_id,
      ])
      const service = rows[0]
      if (!service) throw new ServerError(404, 'Unknown service')
      return { id: service.id, title: service.title, duration: service.duration_min, form: service.form }
    }),
  )

  app.get(
    '/referrers',
    authed(async (_request, { user }): Promise<ReferrersResponse> => {
      const rows = await context.db.query<{ url: string }>(
        'SELECT url FROM referrers WHERE account_id = $1 ORDER BY url',
        [user.account_id],
      )
      return { data: rows }
    }),
  )

  /** The calendar and slot length a dates/hours query is about. */
  async function slotContext(accountId: string, agentId: string, serviceId: string | undefined) {
    const agent = await agentOfAccount(context.db, accountId, agentId)
    let minutes = 30
    if (serviceId) minutes = (await serviceOfAgent(context.db, agent.id, serviceId)).duration_min
    return { agent, slot: { userId: agent.id, agentZone: agent.timezone, minutes, now: context.clock.now() } }
  }

  function zoneOf(requested: string | undefined, fallback: string): string {
    const zone = requested ?? fallback
    if (!isKnownTimeZone(zone)) throw new ServerError(400, `Unknown time zone ${zone}`)
    return zone
  }

  app.get(
    '/users/:id/dates',
    authed<{ Params: { id: string } }>(async (request, { user }) => {
      const query = parseInput(DatesQuerySchema, request.query)
      const { agent, slot } = await slotContext(user.account_id, request.params.id, query.service)
      return { data: await datesOf(context.db, slot, query.month, zoneOf(query.timezone, agent.timezone)) }
    }),
  )

  app.get(
    '/users/:id/hours',
    authed<{ Params: { id: string } }>(async (request, { user }) => {
      const query = parseInput(HoursQuerySchema, request.query)
      const { agent, slot } = await slotContext(user.account_id, request.params.id, query.service)
      return { data: await hoursOf(context.db, slot, query.date, zoneOf(query.timezone, agent.timezone)) }
    }),
  )

  app.post(
    '/schedule/:userId',
    authed<{ Params: { userId: string } }>(async (request, { user }, reply) => {
      const body = parseInput(ScheduleRequestSchema, request.body)
      const appointment = await scheduleAppointment(context, user, request.params.userId, body)
      return reply.code(201).send({ appointment })
    }),
  )

  app.post(
    '/schedule/reschedule/:appointmentId',
    authed<{ Params: { appointmentId: string } }>(async (request, { user }, reply) => {
      const body = parseInput(RescheduleRequestSchema, request.body)
      return reply
        .code(201)
        .send(await rescheduleAppointment(context, user, request.params.appointmentId, body.date))
    }),
  )
}
