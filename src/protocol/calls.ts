import * as v from 'valibot'
import { IdSchema, InstantSchema, JsonObjectSchema, ShortTextSchema, plainObject } from './common'
import { FilledFieldSchema, FormDefinitionSchema, FormValuesSchema } from './forms'
import { RecordingsSettingsSchema } from './settings'
import { PeerSchema } from './signalling'
import { ChatMessageSchema } from './chat'

/** A segment (department, queue). */
export const SegmentSchema = v.object({ id: IdSchema, name: v.string() })
/** A segment. */
export type Segment = v.InferOutput<typeof SegmentSchema>

/** A tag an agent may put on a call. `_id` is what `set:tags` sends. */
export const TagSchema = v.object({ _id: IdSchema, name: v.string(), label: v.string() })
/** A tag. */
export type Tag = v.InferOutput<typeof TagSchema>

/** What the server knows about the customer's browser and place (all may be null). */
export const CustomerExtraDataSchema = v.object({
  ip: v.nullable(v.string()),
  referrer: v.nullable(v.string()),
  countryName: v.nullable(v.string()),
  countryCode: v.nullable(v.string()),
  regionName: v.nullable(v.string()),
  cityName: v.nullable(v.string()),
  carrierName: v.nullable(v.string()),
  browserName: v.nullable(v.string()),
  browserVersion: v.nullable(v.string()),
  osName: v.nullable(v.string()),
  osVersion: v.nullable(v.string()),
  deviceType: v.nullable(v.string()),
  langNative: v.nullable(v.string()),
})
/** Customer details. */
export type CustomerExtraData = v.InferOutput<typeof CustomerExtraDataSchema>

/** A `{ label }` object (branch, point of contact). */
export const LabelSchema = v.object({ label: v.string() })

/** Queue-system data of a call (SPEC `inboundData`). */
export const InboundDataSchema = v.object({
  branch: v.nullable(LabelSchema),
  ticketId: v.nullable(v.string()),
  poc: v.nullable(LabelSchema),
})

/** How a call reached this agent. */
export const OFFER_KINDS = ['inbound', 'transferred', 'invited'] as const
/** An offer kind. */
export type OfferKind = (typeof OFFER_KINDS)[number]

/**
 * A call as rung at an agent: payload of `inbound`, `transferred` and `invited` (SPEC §4 step 1).
 * `duration` is whole minutes in queue, `queuedAt` the exact instant for a live timer.
 */
export const InboundCallSchema = v.object({
  id: IdSchema,
  kind: v.picklist(OFFER_KINDS),
  segment: SegmentSchema,
  previousSegment: v.nullable(SegmentSchema),
  /** Same as previousSegment (SPEC names both). */
  segmentPrevious: v.nullable(SegmentSchema),
  /** Minutes in queue. */
  duration: v.number(),
  queuedAt: InstantSchema,
  /** Name of the agent who transferred or invited (null for a plain inbound call). */
  agent: v.nullable(v.string()),
  /** Set on a transfer: the segment it was transferred to (null for a direct transfer to an agent). */
  transferred: v.nullable(v.object({ segment: v.nullable(SegmentSchema) })),
  invitation: v.boolean(),
  /** VIP. */
  priority: v.boolean(),
  customerName: v.string(),
  ticketId: v.nullable(v.string()),
  poc: v.nullable(LabelSchema),
  branch: v.nullable(LabelSchema),
  inboundData: InboundDataSchema,
  /** When the ring ends by itself (`agent:call:timeout`). */
  ringExpiresAt: InstantSchema,
})
/** A ringing call. */
export type InboundCall = v.InferOutput<typeof InboundCallSchema>

/** Why a call's customer is out of it for good (`Call.customerGone`). */
export const CUSTOMER_GONE_REASONS = ['hangup', 'timeout', 'kicked'] as const
/** A reason the customer is gone. */
export type CustomerGoneReason = (typeof CUSTOMER_GONE_REASONS)[number]

/**
 * A call the agent is in: payload of `join` and `rejoin` (SPEC §3 "Call"). Holds everything the call
 * panel shows, the media tokens and the peers to connect to.
 */
export const CallSchema = v.object({
  ...InboundCallSchema.entries,
  answeredAt: InstantSchema,
  /** This agent's role: the owner of the call, or an invited guest. */
  role: v.picklist(['agent', 'guest']),
  extraData: CustomerExtraDataSchema,
  /** The customer's pre-call form, filled. */
  form: v.array(FilledFieldSchema),
  /** The agent form definition, or null when the segment has none. */
  agentForm: v.nullable(FormDefinitionSchema),
  /** Agent form values saved so far. */
  agentFormValues: FormValuesSchema,
  /** Tags the agent may choose from. */
  tags: v.array(TagSchema),
  /** Ids of the chosen tags. */
  selectedTags: v.array(IdSchema),
  /** Hang-up needs at least one tag. */
  mandatoryTags: v.boolean(),
  comments: v.string(),
  /** Signalling token (JWT scoped to this call; SPEC's accessToken/signalingToken). */
  accessToken: v.string(),
  signalingToken: v.string(),
  /** Token for `POST /recordings` and uploads of this call's recordings. */
  recordingToken: v.string(),
  recordingsSettings: RecordingsSettingsSchema,
  integrationData: v.nullable(v.union([JsonObjectSchema, v.string()])),
  /** The peer id of this agent in the signalling relay. */
  peerId: ShortTextSchema,
  /** Participants present now; the newcomer (this agent) opens a peer connection to each. */
  peers: v.array(PeerSchema),
  /** Chat so far (for a rejoin). */
  messages: v.array(ChatMessageSchema),
  /** Whether the customer is connected right now. */
  customerConnected: v.boolean(),
  /** The customer denied camera or microphone (last report). */
  customerPermissions: v.nullable(v.object({ camera: v.boolean(), microphone: v.boolean() })),
  /**
   * Why the customer is out of the call for good, or null while they are in it or may come back: they
   * hung up, their grace period ran out (`customer:timeout`), or the agent removed them. A `rejoin` says
   * so even when the event itself went out while the agent was away.
   */
  customerGone: v.nullable(v.picklist(CUSTOMER_GONE_REASONS)),
})
/** A joined call. */
export type Call = v.InferOutput<typeof CallSchema>

/** Payload of `answer` and `dismiss`: the ringing call. */
export const CallRefSchema = v.object({ callId: IdSchema })
/** A reference to a call. */
export type CallRef = v.InferOutput<typeof CallRefSchema>

/** Payload of `hangup`: optionally the status to take afterwards (else the agent keeps their status). */
export const HangupSchema = plainObject({ status: v.optional(ShortTextSchema) })
/** A hang-up. */
export type Hangup = v.InferOutput<typeof HangupSchema>

/** Why a call ended for this agent (`end` → `reason`). */
export const END_REASONS = [
  'hangup',
  'transferred',
  'customer-gone',
  'host-hangup',
  'agent-timeout',
  'status-change',
  'logout',
] as const

/** Payload of `end`: this agent is out of the call; clean every call store. */
export const CallEndSchema = v.object({ callId: IdSchema, reason: v.picklist(END_REASONS) })
/** A call end. */
export type CallEnd = v.InferOutput<typeof CallEndSchema>

/** Payload of `agent:call:timeout` (ring timeout) and `exceed` (queue time limit passed while ringing). */
export const RingEndSchema = v.object({ callId: IdSchema })
/** A ring end. */
export type RingEnd = v.InferOutput<typeof RingEndSchema>

/**
 * Reasons of `customer:disconnect:queue` and `customer:disconnect:call`. The console keeps ringing for
 * `ping-timeout`, `transport-error` and `queue-assigned` (the customer may come back); the others end it.
 */
export const CUSTOMER_DISCONNECT_REASONS = [
  'left',
  'abandoned',
  'ping-timeout',
  'transport-error',
  'queue-assigned',
  'kicked',
] as const

/** Payload of `customer:disconnect:queue` / `customer:disconnect:call`. */
export const CustomerDisconnectSchema = v.object({
  callId: IdSchema,
  reason: v.picklist(CUSTOMER_DISCONNECT_REASONS),
})
/** A customer disconnect. */
export type CustomerDisconnect = v.InferOutput<typeof CustomerDisconnectSchema>

/** Payload of `customer:join` (the customer is back in the call), `customer:timeout` (gave up waiting for them), `customer:hangup`. */
export const CustomerCallEventSchema = v.object({ callId: IdSchema, name: v.string() })
/** A customer event. */
export type CustomerCallEvent = v.InferOutput<typeof CustomerCallEventSchema>

/** Payload of `customer:permissions`: what the customer's browser granted. */
export const CustomerPermissionsSchema = v.object({
  callId: IdSchema,
  camera: v.boolean(),
  microphone: v.boolean(),
})
/** Customer permissions. */
export type CustomerPermissions = v.InferOutput<typeof CustomerPermissionsSchema>

/** Payload of `answer:error`: 422 the customer left before; 409 another agent answered. */
export const AnswerErrorSchema = v.object({
  callId: IdSchema,
  code: v.picklist([409, 422]),
  message: v.string(),
})
/** An answer error. */
export type AnswerError = v.InferOutput<typeof AnswerErrorSchema>
