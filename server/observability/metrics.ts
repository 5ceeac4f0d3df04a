import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

/** Prefix of every metric of this server (the Node.js/process ones keep their standard names). */
export const METRIC_PREFIX = 'agent_console_'

/**
 * Buckets of the routing latency, in seconds: 1 ms steps up to 50 ms, so a p99 read from the histogram
 * is within a millisecond of the raw figure where a healthy dispatch lands and through the stalls of tens
 * of milliseconds a busy process meets (a collection, a new log segment), then coarser up to the waits of
 * a queue with nobody free (5 minutes).
 */
export const ROUTING_LATENCY_BUCKETS = [
  ...Array.from({ length: 50 }, (_, index) => (index + 1) / 1000),
  0.06,
  0.075,
  0.1,
  0.15,
  0.2,
  0.3,
  0.5,
  0.75,
  1,
  2,
  5,
  10,
  30,
  60,
  120,
  300,
]

/** Buckets of one database statement or transaction, in seconds. */
export const DB_QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]

/** Buckets of a call's setup (answer → first remote video frame), in seconds. */
export const CALL_SETUP_BUCKETS = [0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10, 15, 30, 60]
/** Buckets of a call's mean round-trip time, in seconds: a LAN's few ms to a satellite link's second. */
export const CALL_RTT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.5, 1, 2]
/** Buckets of a call's received packet loss, 0–1: none, the 1–2 % video copes with, the 10 % it does not. */
export const CALL_LOSS_BUCKETS = [0, 0.001, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1]
/** Buckets of the share of a call's seconds carried through a TURN relay, 0–1. */
export const CALL_RELAY_SHARE_BUCKETS = [0, 0.1, 0.25, 0.5, 0.75, 0.9, 1]

/** The event-driven metrics of one server process; the state gauges are added by `registerStateGauges`. */
export interface ServerMetrics {
  /** Everything `/metrics` shows, every series labelled `process`. */
  registry: Registry
  callsQueued: Counter<'segment'>
  offers: Counter<'kind'>
  answers: Counter<'kind'>
  dismissals: Counter<'kind'>
  ringTimeouts: Counter<'kind'>
  offersCanceled: Counter<'kind' | 'reason'>
  transfers: Counter<'target' | 'outcome'>
  callsEnded: Counter<'reason'>
  queueExits: Counter<'reason'>
  routingLatency: Histogram
  socketEventErrors: Counter<'namespace' | 'event' | 'code'>
  httpResponses: Counter<'method' | 'route' | 'status_class'>
  dbQueryDuration: Histogram<'operation'>
  dbErrors: Counter<'operation'>
  /** Media quality of calls, from the summaries consoles send at a call's end (`call:quality`). */
  callSetup: Histogram
  callRtt: Histogram
  callLoss: Histogram
  callRelayShare: Histogram
  callMediaPaths: Counter<'candidate_type' | 'relay_protocol'>
  /** What anonymous clients were refused by a budget (`server/config.ts`, `AnonymousLimits`). */
  anonymousRefusals: Counter<'surface' | 'limit'>
  /** CSP violation reports accepted, by whether their line was logged or only counted (sampling). */
  cspReports: Counter<'logged'>
}

/**
 * Makes the metrics of one server process in a registry of its own (several servers may live in one
 * test process), with the Node.js process metrics (CPU, memory, event-loop lag, GC) beside them.
 *
 * @example
 * const metrics = createMetrics('5f0c…')
 * metrics.offers.inc({ kind: 'inbound' })
 */
export function createMetrics(processId: string): ServerMetrics {
  const registry = new Registry()
  registry.setDefaultLabels({ process: processId })
  collectDefaultMetrics({ register: registry })
  const registers = [registry]
  const counter = <L extends string>(name: string, help: string, labelNames: L[]) =>
    new Counter<L>({ name: `${METRIC_PREFIX}${name}`, help, labelNames, registers })
  return {
    registry,
    callsQueued: counter('calls_queued_total', 'Customers who joined a queue (queue:join).', ['segment']),
    offers: counter('offers_total', 'Calls rung at an agent, by kind (inbound, transferred, invited).', [
      'kind',
    ]),
    answers: counter('answers_total', 'Offers answered by the agent they rang at.', ['kind']),
    dismissals: counter('dismissals_total', 'Offers turned down by the agent (dismiss).', ['kind']),
    ringTimeouts: counter('ring_timeouts_total', 'Offers nobody answered in time (agent:call:timeout).', [
      'kind',
    ]),
    offersCanceled: counter(
      'offers_canceled_total',
      'Offers withdrawn before an answer: the agent went away, or this process drained.',
      ['kind', 'reason'],
    ),
    transfers: counter('transfers_total', 'Transfers by target (agent, segment) and outcome.', [
      'target',
      'outcome',
    ]),
    callsEnded: counter('calls_ended_total', 'Answered calls that ended, by reason.', ['reason']),
    queueExits: counter(
      'queue_exits_total',
      'Customers who left a queue unanswered: left, abandoned (did not come back), exceeded (time limit).',
      ['reason'],
    ),
    routingLatency: new Histogram({
      name: `${METRIC_PREFIX}routing_latency_seconds`,
      help: "Time from a customer's queue:join to the first inbound rung at an agent (includes waiting for a free agent).",
      buckets: ROUTING_LATENCY_BUCKETS,
      registers,
    }),
    socketEventErrors: counter(
      'socket_event_errors_total',
      'Socket events refused or failed, by namespace, event and error code.',
      ['namespace', 'event', 'code'],
    ),
    httpResponses: counter('http_responses_total', 'HTTP responses by method, route and status class.', [
      'method',
      'route',
      'status_class',
    ]),
    dbQueryDuration: new Histogram({
      name: `${METRIC_PREFIX}db_query_duration_seconds`,
      help: 'Database time per statement (operation = select, insert, update, delete, a routing function, other) and per whole transaction.',
      labelNames: ['operation'],
      buckets: DB_QUERY_BUCKETS,
      registers,
    }),
    dbErrors: counter('db_errors_total', 'Database statements or transactions that failed.', ['operation']),
    callSetup: new Histogram({
      name: `${METRIC_PREFIX}call_setup_seconds`,
      help: "Call answered → first remote video frame decoded, as the agent's console measured it.",
      buckets: CALL_SETUP_BUCKETS,
      registers,
    }),
    callRtt: new Histogram({
      name: `${METRIC_PREFIX}call_rtt_seconds`,
      help: "Mean round-trip time of a call's media path (the selected ICE candidate pair).",
      buckets: CALL_RTT_BUCKETS,
      registers,
    }),
    callLoss: new Histogram({
      name: `${METRIC_PREFIX}call_packet_loss_ratio`,
      help: "Share of a call's received media packets lost, 0–1.",
      buckets: CALL_LOSS_BUCKETS,
      registers,
    }),
    callRelayShare: new Histogram({
      name: `${METRIC_PREFIX}call_relay_share_ratio`,
      help: "Share of a call's measured seconds whose media went through a TURN relay, 0–1.",
      buckets: CALL_RELAY_SHARE_BUCKETS,
      registers,
    }),
    callMediaPaths: counter(
      'call_media_paths_total',
      "Calls by the local candidate type that carried their media last (host, srflx, prflx, relay; none: media never connected) and the relay's transport (udp, tcp, tls; none when not relayed).",
      ['candidate_type', 'relay_protocol'],
    ),
    anonymousRefusals: counter(
      'anonymous_refusals_total',
      'Requests and events of clients who are not signed in, refused by a budget: surface (customer_connection, queue_join, chat, customer_event, csp_report) and the limit that refused them.',
      ['surface', 'limit'],
    ),
    cspReports: counter(
      'csp_reports_total',
      'CSP violation reports accepted; logged="false" when the per-minute log budget was spent.',
      ['logged'],
    ),
  }
}
