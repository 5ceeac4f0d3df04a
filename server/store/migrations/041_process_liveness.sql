-- Which process holds a customer's socket (as agent_states.node_id does for agents): when that process
-- dies, the survivors mark its customers away, and their grace period runs from its last heartbeat.
ALTER TABLE calls ADD COLUMN customer_node_id text;

-- join_queue (migrations 002 and 005: the personal link's agent) with the customer's process.
DROP FUNCTION join_queue(text, text, text, text, text, boolean, jsonb, jsonb, jsonb, text, jsonb, jsonb, timestamptz, int, text);
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
) RETURNS SETOF calls
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
  RETURN NEXT v_call;
END $$;

-- The backend pid of a connection each process holds while it lives (server/store/lifeline.ts): when it
-- is gone from pg_stat_activity, the process died, whatever its last heartbeat says. NULL on PGlite.
ALTER TABLE nodes ADD COLUMN backend_pid int;
