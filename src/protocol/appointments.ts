import * as v from 'valibot'
import {
  DateOnlySchema,
  IdSchema,
  InstantSchema,
  JsonObjectSchema,
  LongTextSchema,
  TimeZoneSchema,
} from './common'
import { FilledFieldSchema, FormDefinitionSchema, FormValuesSchema } from './forms'

/** Appointment statuses (SPEC §3). Canceled and rescheduled ones are read-only. */
export const APPOINTMENT_STATUSES = ['pending', 'attended', 'canceled', 'rescheduled'] as const
/** Appointment types; we take SPEC's first reading. External ones are never opened for detail. */
export const APPOINTMENT_TYPES = ['regular', 'blocked', 'external'] as const
/** Who canceled; we take SPEC's reading "agent or customer". */
export const CANCELED_BY = ['agent', 'customer'] as const

/** A calendar service (a "calendar" of the create drawer). */
export const ServiceSchema = v.object({ id: IdSchema, title: v.string() })
/** A service. */
export type Service = v.InferOutput<typeof ServiceSchema>

/** An appointment (SPEC §3). Instants are UTC; `timezone` is the customer's zone. */
export const AppointmentSchema = v.object({
  _id: IdSchema,
  id: IdSchema,
  /** The agent whose calendar holds it. */
  userId: IdSchema,
  type: v.picklist(APPOINTMENT_TYPES),
  status: v.picklist(APPOINTMENT_STATUSES),
  startAt: InstantSchema,
  endAt: InstantSchema,
  service: v.nullable(v.object({ _id: IdSchema, title: v.string() })),
  title: v.string(),
  /** Where the customer joins the meeting (opens demo/customer.html). Null for blocked and external. */
  joinUrl: v.nullable(v.string()),
  /** Where the customer may change it. Null for blocked and external. */
  modifyUrl: v.nullable(v.string()),
  timezone: v.string(),
  /** The referrer link it was scheduled from ("scheduled since"). */
  referrer: v.nullable(v.string()),
  /** The contact form as filled by the customer or the agent. */
  form: v.array(FilledFieldSchema),
  extraData: v.nullable(JsonObjectSchema),
  comment: v.nullable(v.string()),
  cancelReason: v.nullable(v.string()),
  canceledAt: v.nullable(InstantSchema),
  canceledBy: v.nullable(v.picklist(CANCELED_BY)),
  /** Id of the appointment this one was moved to. */
  rescheduledAppointment: v.nullable(IdSchema),
  createdAt: InstantSchema,
})
/** An appointment. */
export type Appointment = v.InferOutput<typeof AppointmentSchema>

/** Payload of `appointments:find`: a day (in `timezone`, default the socket's) of one or more agents' calendars. */
export const AppointmentsFindSchema = v.object({
  date: DateOnlySchema,
  timezone: v.optional(TimeZoneSchema),
  /** Whose calendars (users selector); default the agent's own. */
  users: v.optional(v.pipe(v.array(IdSchema), v.maxLength(50))),
})
/** A find request. */
export type AppointmentsFind = v.InferOutput<typeof AppointmentsFindSchema>

/** Payload of the server's `appointments:find` (and the ack data): the day's appointments, by start. */
export const AppointmentsFoundSchema = v.object({
  date: v.string(),
  timezone: v.string(),
  users: v.array(IdSchema),
  data: v.array(AppointmentSchema),
})
/** Found appointments. */
export type AppointmentsFound = v.InferOutput<typeof AppointmentsFoundSchema>

/** Payload of `appointments:get`: the appointment id. */
export const AppointmentRefSchema = v.object({ appointment: IdSchema })
/** A reference to an appointment. */
export type AppointmentRef = v.InferOutput<typeof AppointmentRefSchema>

/** Payload of the server's `appointments:get` (and ack data of get, patch and remove). */
export const AppointmentReplySchema = v.object({ appointment: AppointmentSchema })
/** One appointment. */
export type AppointmentReply = v.InferOutput<typeof AppointmentReplySchema>

/** Payload of `appointments:patch`: new start and end (end ≥ start + 5 min). */
export const AppointmentsPatchSchema = v.object({
  id: IdSchema,
  startAt: InstantSchema,
  endAt: InstantSchema,
})
/** A patch. */
export type AppointmentsPatch = v.InferOutput<typeof AppointmentsPatchSchema>

/** Payload of `appointments:remove`: cancel with a reason. */
export const AppointmentsRemoveSchema = v.object({ id: IdSchema, cancelReason: LongTextSchema })
/** A cancel. */
export type AppointmentsRemove = v.InferOutput<typeof AppointmentsRemoveSchema>

/** Payload of the server's `calendar:services`: the calendars (services) this agent can book. */
export const CalendarServicesSchema = v.object({ data: v.array(ServiceSchema) })
/** Calendar services. */
export type CalendarServices = v.InferOutput<typeof CalendarServicesSchema>

/** Payload of `appointments:notification:new`: an appointment was booked in this agent's calendar. */
export const AppointmentNotificationSchema = v.object({ appointment: AppointmentSchema })
/** A new-appointment notice. */
export type AppointmentNotification = v.InferOutput<typeof AppointmentNotificationSchema>

/** Meeting statuses `appointments:meeting` reports (persistent notifications). */
export const MEETING_STATUSES = ['starting', 'customer-waiting', 'ended'] as const

/** Payload of `appointments:meeting`: something happened in an appointment's meeting. */
export const AppointmentMeetingSchema = v.object({
  appointment: AppointmentSchema,
  status: v.picklist(MEETING_STATUSES),
  /** Customers in the waiting room. */
  waiting: v.number(),
})
/** A meeting status notice. */
export type AppointmentMeeting = v.InferOutput<typeof AppointmentMeetingSchema>

/** Response of `GET /services`. */
export const ServicesResponseSchema = v.object({ data: v.array(ServiceSchema) })
/** Services. */
export type ServicesResponse = v.InferOutput<typeof ServicesResponseSchema>

/** Response of `GET /services/{id}/forms`: the service's dynamic form and slot length. */
export const ServiceFormResponseSchema = v.object({
  id: IdSchema,
  title: v.string(),
  /** Minutes each appointment of this service lasts. */
  duration: v.number(),
  form: FormDefinitionSchema,
})
/** A service form. */
export type ServiceFormResponse = v.InferOutput<typeof ServiceFormResponseSchema>

/** A referrer link. */
export const ReferrerSchema = v.object({ url: v.string() })
/** Response of `GET /referrers`. */
export const ReferrersResponseSchema = v.object({ data: v.array(ReferrerSchema) })
/** Referrers. */
export type ReferrersResponse = v.InferOutput<typeof ReferrersResponseSchema>

/** Query of `GET /users/{id}/dates`: a month (any date in it; its first day is used), for a service, in a zone. */
export const DatesQuerySchema = v.object({
  month: DateOnlySchema,
  service: v.optional(IdSchema),
  timezone: v.optional(TimeZoneSchema),
})
/** A day with free slots: `utc` is its first bookable instant (≥ now + 5 min), `weekday` 1 = Monday … 7, `day` of month. */
export const DayItemSchema = v.object({ utc: InstantSchema, weekday: v.number(), day: v.number() })
/** A day item. */
export type DayItem = v.InferOutput<typeof DayItemSchema>
/** Response of `GET /users/{id}/dates`. */
export const DatesResponseSchema = v.object({ data: v.array(DayItemSchema) })
/** Free days. */
export type DatesResponse = v.InferOutput<typeof DatesResponseSchema>

/** Query of `GET /users/{id}/hours`: a day (`YYYY-MM-DD` in `timezone`), for a service. */
export const HoursQuerySchema = v.object({
  date: DateOnlySchema,
  service: v.optional(IdSchema),
  timezone: v.optional(TimeZoneSchema),
})
/** A free slot: `utc` start instant, `time` its `HH:mm` in the requested zone (≥ now + 3 min). */
export const HourItemSchema = v.object({ utc: InstantSchema, time: v.string() })
/** An hour item. */
export type HourItem = v.InferOutput<typeof HourItemSchema>
/** Response of `GET /users/{id}/hours`. */
export const HoursResponseSchema = v.object({ data: v.array(HourItemSchema) })
/** Free hours. */
export type HoursResponse = v.InferOutput<typeof HoursResponseSchema>

/** Body of `POST /schedule/{userId}`. */
export const ScheduleRequestSchema = v.object({
  startAt: InstantSchema,
  timezone: TimeZoneSchema,
  form: FormValuesSchema,
  /** Service id. */
  service: IdSchema,
  /** Referrer link url (one of `GET /referrers`). */
  referrer: v.pipe(v.string(), v.maxLength(2048)),
})
/** A schedule request. */
export type ScheduleRequest = v.InferOutput<typeof ScheduleRequestSchema>

/** Response of `POST /schedule/{userId}` (201): the new appointment. Failures: 400/409/422 with a message. */
export const ScheduleResponseSchema = v.object({ appointment: AppointmentSchema })
/** A schedule response. */
export type ScheduleResponse = v.InferOutput<typeof ScheduleResponseSchema>

/** Body of `POST /schedule/reschedule/{appointmentId}`: the new start (duration is kept). */
export const RescheduleRequestSchema = v.object({ date: InstantSchema })
/** A reschedule request. */
export type RescheduleRequest = v.InferOutput<typeof RescheduleRequestSchema>

/** Response of a reschedule (201): the new appointment, and the old one now `rescheduled`. */
export const RescheduleResponseSchema = v.object({
  appointment: AppointmentSchema,
  previous: AppointmentSchema,
})
/** A reschedule response. */
export type RescheduleResponse = v.InferOutput<typeof RescheduleResponseSchema>
