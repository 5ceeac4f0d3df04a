-- Routing steps as PL/pgSQL functions: the same transaction logic as plain statements, but their plans
-- are cached per session, which matters on PGlite (planning a statement costs more than running it).

-- Rings the first queued call of a segment (priority, then arrival) at the ready agent of that segment
-- who has waited longest and was not turned down for this call lately. Both rows are locked
-- FOR UPDATE SKIP LOCKED, so concurrent dispatchers (other processes) take other rows. Returns no row
-- when nothing can ring; otherwise the call (as jsonb), the agent, segment names, and whether other
-- calls are still queued in the segment.
CREATE FUNCTION offer_next_call(
  p_segment text,
  p_offer text,
  p_now timestamptz,
  p_expires timestamptz,
  p_fresh timestamptz,
  p_cooldown timestamptz
) RETURNS TABLE (call jsonb, agent_id text, segment_name text, previous_segment_name text, more boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_call_id text;
  v_agent text;
  v_call calls%ROWTYPE;
BEGIN
  SELECT c.id, a.user_id INTO v_call_id, v_agent
    FROM calls c
    CROSS JOIN LATERAL (
      SELECT s.user_id FROM agent_states s
       WHERE s.connected AND s.status = 'available' AND s.call_id IS NULL AND s.appointment_id IS NULL
         AND s.ringing_call_id IS NULL
         AND EXISTS (SELECT 1 FROM agent_segments m WHERE m.user_id = s.user_id AND m.segment_id = p_segment)
         AND EXISTS (SELECT 1 FROM nodes n WHERE n.id = s.node_id AND n.heartbeat_at > p_fresh)
         AND NOT EXISTS (SELECT 1 FROM offers o WHERE o.call_id = c.id AND o.agent_id = s.user_id
                           AND o.state IN ('dismissed', 'timeout') AND o.ended_at > p_cooldown)
       ORDER BY s.available_since, s.user_id
       LIMIT 1 FOR UPDATE OF s SKIP LOCKED) a
   WHERE c.segment_id = p_segment AND c.status = 'queued' AND c.customer_connected
   ORDER BY c.priority DESC, c.queued_at ASC
   LIMIT 1 FOR UPDATE OF c SKIP LOCKED;
  IF v_call_id IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO offers (id, call_id, agent_id, kind, state, created_at, expires_at)
    VALUES (p_offer, v_call_id, v_agent, 'inbound', 'ringing', p_now, p_expires);
  UPDATE calls SET status = 'ringing' WHERE id = v_call_id RETURNING * INTO v_call;
  UPDATE agent_states SET ringing_call_id = v_call_id, updated_at = p_now WHERE user_id = v_agent;
  RETURN QUERY
    SELECT to_jsonb(v_call), v_agent, g.name, p.name,
           EXISTS (SELECT 1 FROM calls q WHERE q.segment_id = p_segment AND q.status = 'queued')
      FROM segments g LEFT JOIN segments p ON p.id = v_call.previous_segment_id
     WHERE g.id = v_call.segment_id;
END $$;

-- A customer joins a segment's queue: the call, taken from its segment, and its first participant.
-- The unique index on live calls per session makes a second join a no-op (no row returned).
CREATE FUNCTION join_queue(
  p_id text,
  p_peer text,
  p_segment text,
  p_session text,
  p_name text,
  p_priority boolean,
  p_extra jsonb,
  p_form jsonb,
  p_integration jsonb,
  p_ticket text,
  p_poc jsonb,
  p_branch jsonb,
  p_now timestamptz,
  p_limit_ms int
) RETURNS SETOF calls
LANGUAGE plpgsql AS $$
DECLARE
  v_call calls%ROWTYPE;
BEGIN
  INSERT INTO calls (id, account_id, segment_id, status, customer_session_id, customer_name, priority, extra_data,
      form, integration_data, ticket_id, poc, branch, agent_form, queued_at, queue_deadline)
    SELECT p_id, g.account_id, g.id, 'queued', p_session, p_name, p_priority, p_extra, p_form, p_integration,
           p_ticket, p_poc, p_branch, g.agent_form, p_now,
           p_now + coalesce(p_limit_ms, g.queue_limit_ms) * interval '1 millisecond'
      FROM segments g WHERE g.id = p_segment
  ON CONFLICT (customer_session_id) WHERE status IN ('queued', 'ringing', 'active') DO NOTHING
  RETURNING * INTO v_call;
  IF v_call.id IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO participants (room_id, peer_id, role, session_id, name, connected, joined_at)
    VALUES (v_call.id, p_peer, 'customer', p_session, p_name, true, p_now);
  RETURN NEXT v_call;
END $$;
