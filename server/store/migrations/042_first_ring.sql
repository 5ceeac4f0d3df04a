-- offer_next_call (migrations 002 and 005) also says whether this is the call's first ring, which the
-- routing-latency histogram counts: one statement per ring instead of a second query after it.
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
    SELECT to_jsonb(v_call), v_agent, g.name, p.name,
           EXISTS (SELECT 1 FROM calls q WHERE q.segment_id = p_segment AND q.status = 'queued'),
           v_first
      FROM segments g LEFT JOIN segments p ON p.id = v_call.previous_segment_id
     WHERE g.id = v_call.segment_id;
END $$;
