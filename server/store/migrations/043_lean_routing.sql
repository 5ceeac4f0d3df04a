-- The two routing functions of every queue:join, made lean: less work in the database and fewer bytes back.
--
-- offer_next_call: the agent search walks agent_states_ready in "waited longest" order and stops at the
-- first agent of the segment. Its EXISTS tests carry OFFSET 0, which keeps each one a test of the agent
-- at hand: without it the planner may turn them into joins, and once the tables have statistics
-- (PostgreSQL's autovacuum) it hashed every ready agent and sorted the segment's ones, on each ring
-- (3 ms at 1,000 agents). The call comes back with the fields the ring shows only: the whole row
-- carried the forms and the customer's details, read back and parsed for nothing.
--
-- join_queue: returns the call's id, segment and times, the fields its caller reads, instead of the
-- whole row (PGlite describes and parses every column of a result, twice).
DROP FUNCTION offer_next_call(text, text, timestamptz, timestamptz, timestamptz, timestamptz);
CREATE FUNCTION offer_next_call(
  p_segment text,
  p_offer text,
  p_now timestamptz,
  p_expires timestamptz,
  p_fresh timestamptz,
  p_cooldown timestamptz
) RETURNS TABLE (call jsonb, agent_id text, segment_name text, previous_segment_name text, more boolean,
                  first_ring boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_call_id text;
  v_agent text;
  v_call calls%ROWTYPE;
  v_first boolean;
BEGIN
  SELECT c.id, a.user_id INTO v_call_id, v_agent
    FROM calls c
    CROSS JOIN LATERAL (
      SELECT s.user_id FROM agent_states s
       WHERE s.connected AND s.status = 'available' AND s.call_id IS NULL AND s.appointment_id IS NULL
         AND s.ringing_call_id IS NULL
         AND (c.target_agent_id IS NULL OR s.user_id = c.target_agent_id)
         AND EXISTS (SELECT 1 FROM agent_segments m WHERE m.user_id = s.user_id AND m.segment_id = p_segment
                     OFFSET 0)
         AND EXISTS (SELECT 1 FROM nodes n WHERE n.id = s.node_id AND n.heartbeat_at > p_fresh OFFSET 0)
         AND NOT EXISTS (SELECT 1 FROM offers o WHERE o.call_id = c.id AND o.agent_id = s.user_id
                           AND o.state IN ('dismissed', 'timeout') AND o.ended_at > p_cooldown OFFSET 0)
       ORDER BY s.available_since, s.user_id
       LIMIT 1 FOR UPDATE OF s SKIP LOCKED) a
   WHERE c.segment_id = p_segment AND c.status = 'queued' AND c.customer_connected
   ORDER BY c.priority DESC, c.queued_at ASC
   LIMIT 1 FOR UPDATE OF c SKIP LOCKED;
  IF v_call_id IS NULL THEN
    RETURN;
  END IF;
  -- Before this offer exists: whether any agent was rung for the call already.
  v_first := NOT EXISTS (SELECT 1 FROM offers o WHERE o.call_id = v_call_id);
  INSERT INTO offers (id, call_id, agent_id, kind, state, created_at, expires_at)
    VALUES (p_offer, v_call_id, v_agent, 'inbound', 'ringing', p_now, p_expires);
  UPDATE calls SET status = 'ringing' WHERE id = v_call_id RETURNING * INTO v_call;
  UPDATE agent_states SET ringing_call_id = v_call_id, updated_at = p_now WHERE user_id = v_agent;
  INSERT INTO call_legs (room_id, agent_id, account_id, room_kind, via, from_agent_id, segment_id, outcome, offered_at)
    VALUES (v_call_id, v_agent, v_call.account_id, 'call',
            CASE WHEN v_call.target_agent_id IS NOT NULL THEN 'personal'
                 WHEN v_call.transfer IS NOT NULL THEN 'transferred' ELSE 'inbound' END,
            v_call.transfer->>'fromAgentId', v_call.segment_id, 'ringing', p_now)
  -- By constraint name: the output column agent_id would make the column list ambiguous here.
  ON CONFLICT ON CONSTRAINT call_legs_pkey DO UPDATE
    SET outcome = 'ringing', offered_at = EXCLUDED.offered_at, via = EXCLUDED.via,
        from_agent_id = EXCLUDED.from_agent_id, segment_id = EXCLUDED.segment_id
    WHERE call_legs.answered_at IS NULL;
  RETURN QUERY
    SELECT jsonb_build_object('id', v_call.id, 'segment_id', v_call.segment_id,
             'previous_segment_id', v_call.previous_segment_id, 'queued_at', v_call.queued_at,
             'priority', v_call.priority, 'customer_name', v_call.customer_name, 'ticket_id', v_call.ticket_id,
             'poc', v_call.poc, 'branch', v_call.branch, 'transfer', v_call.transfer),
           v_agent, g.name, p.name,
           EXISTS (SELECT 1 FROM calls q WHERE q.segment_id = p_segment AND q.status = 'queued'),
           v_first
      FROM segments g LEFT JOIN segments p ON p.id = v_call.previous_segment_id
     WHERE g.id = v_call.segment_id;
END $$;

DROP FUNCTION join_queue(text, text, text, text, text, boolean, jsonb, jsonb, jsonb, text, jsonb, jsonb, timestamptz,
  int, text, text);
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
  p_limit_ms int,
  p_target text,
  p_node text
) RETURNS TABLE (id text, segment_id text, queued_at timestamptz, queue_deadline timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  v_call calls%ROWTYPE;
BEGIN
  INSERT INTO calls (id, account_id, segment_id, status, customer_session_id, customer_name, priority, extra_data,
      form, integration_data, ticket_id, poc, branch, agent_form, queued_at, queue_deadline, target_agent_id,
      customer_node_id)
    SELECT p_id, g.account_id, g.id, 'queued', p_session, p_name, p_priority, p_extra, p_form, p_integration,
           p_ticket, p_poc, p_branch, g.agent_form, p_now,
           p_now + coalesce(p_limit_ms, g.queue_limit_ms) * interval '1 millisecond', p_target, p_node
      FROM segments g WHERE g.id = p_segment
  ON CONFLICT (customer_session_id) WHERE status IN ('queued', 'ringing', 'active') DO NOTHING
  RETURNING * INTO v_call;
  IF v_call.id IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO participants (room_id, peer_id, role, session_id, name, connected, joined_at)
    VALUES (v_call.id, p_peer, 'customer', p_session, p_name, true, p_now);
  RETURN QUERY SELECT v_call.id, v_call.segment_id, v_call.queued_at, v_call.queue_deadline;
END $$;
