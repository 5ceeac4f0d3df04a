import * as v from 'valibot'
import { InstantSchema, LongTextSchema, plainObject } from './common'
import { AppointmentSchema, APPOINTMENT_STATUSES, CANCELED_BY } from './appointments'

/**
 * The customer's side of an appointment: what its modify link (`customer.html?modify=<code>`) shows and
 * lets the customer do without a login, the code being the secret. The reference server serves it.
 */

/** Longest reason a customer may give for canceling (shown to the agent as it was typed). */
export const MAX_CUSTOMER_CANCEL_REASON = 1000

/**
 * Response of `GET /public/appointments/{code}`: the appointment as its customer may see it. A link
 * of an appointment that was moved leads to where it was moved (`moved` is then true). The customer's
 * contact form and the agent's cancel reason are never in it.
 */
export const PublicAppointmentSchema = v.object({
  status: v.picklist(APPOINTMENT_STATUSES),
  /** The service booked (null for an appointment without one). */
  service: v.nullable(v.string()),
  /** The agent whose calendar holds it (full name). */
  agent: v.string(),
  startAt: InstantSchema,
  endAt: InstantSchema,
  /** The customer's zone, as booked. */
  timezone: v.string(),
  /** Where the customer joins the meeting; null once it cannot be joined (canceled, moved, over). */
  joinUrl: v.nullable(v.string()),
  /** This appointment's own modify code (after a move, the new appointment's). */
  code: v.string(),
  /** Whether the customer may still cancel or move it (pending, not started). */
  changeable: v.boolean(),
  /** Whether the link opened was of an earlier appointment that was moved to this one. */
  moved: v.boolean(),
  canceledAt: v.nullable(InstantSchema),
  canceledBy: v.nullable(v.picklist(CANCELED_BY)),
})
/** An appointment as its customer sees it. */
export type PublicAppointment = v.InferOutput<typeof PublicAppointmentSchema>

/** Body of `POST /public/appointments/{code}/cancel`: the customer's reason (may be empty). */
export const CustomerCancelRequestSchema = plainObject({
  reason: v.optional(v.pipe(LongTextSchema, v.maxLength(MAX_CUSTOMER_CANCEL_REASON)), ''),
})
/** A customer's cancel request. */
export type CustomerCancelRequest = v.InferOutput<typeof CustomerCancelRequestSchema>

/** Body of `POST /public/appointments/{code}/reschedule`: the new start (one of the free hours; duration kept). */
export const CustomerRescheduleRequestSchema = plainObject({ startAt: InstantSchema })
/** A customer's reschedule request. */
export type CustomerRescheduleRequest = v.InferOutput<typeof CustomerRescheduleRequestSchema>

/** What the customer did with the modify link. */
export const CUSTOMER_CHANGES = ['canceled', 'rescheduled'] as const

/**
 * Payload of the server's `appointments:customer-change`: the customer canceled or moved an appointment
 * of this agent's calendar with its modify link. `appointment` is the one changed (now canceled or
 * rescheduled); `next` is where it was moved (null for a cancel).
 */
export const CustomerChangeSchema = v.object({
  change: v.picklist(CUSTOMER_CHANGES),
  appointment: AppointmentSchema,
  next: v.nullable(AppointmentSchema),
})
/** A customer's change to an appointment. */
export type CustomerChange = v.InferOutput<typeof CustomerChangeSchema>
