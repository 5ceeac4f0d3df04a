-- The agent's own areas: history (one leg per agent and call or meeting), status changes (metrics),
-- personal links, announcements and feedback.

-- An agent's part in a call or a meeting, kept as it happens: rung, answered, how it ended for them,
-- and their talk time. One row per agent and room; a later ring of the same call updates it.
CREATE TABLE call_legs (
  room_id text NOT NULL,
  agent_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  account_id text NOT NULL REFERENCES accounts(id),
  room_kind text NOT NULL,           -- call | meeting
  via text NOT NULL,                 -- inbound | transferred | invited | personal | meeting
  from_agent_id text REFERENCES users(id),
  segment_id text REFERENCES segments(id),
  outcome text NOT NULL,             -- ringing | answered | transferred | dismissed | missed | customer-left | kicked | attended
  offered_at timestamptz NOT NULL,
  answered_at timestamptz,
  joined_at timestamptz,             -- in the room since; null while out of it
  ended_at timestamptz,
  talk_ms bigint NOT NULL DEFAULT 0,
  transfer_to jsonb,                 -- { kind: agent | segment, id, name } once transferred
  PRIMARY KEY (room_id, agent_id)
);
CREATE INDEX call_legs_agent ON call_legs (agent_id, offered_at DESC);

-- Every status an agent takes, and 'disconnected' when their link drops: time per status is the
-- span to the next row.
CREATE TABLE status_changes (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX status_changes_user ON status_changes (user_id, at);

-- A call from a personal link rings at that agent only.
ALTER TABLE calls ADD COLUMN target_agent_id text REFERENCES users(id);

-- One link per agent: making a new one replaces the code, so the old URL stops working.
CREATE TABLE personal_links (
  user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  code text NOT NULL UNIQUE,
  segment_id text NOT NULL REFERENCES segments(id),
  created_at timestamptz NOT NULL
);

CREATE TABLE announcements (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id),
  author_id text REFERENCES users(id) ON DELETE SET NULL,
  author_name text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX announcements_account ON announcements (account_id, created_at DESC);

CREATE TABLE announcement_reads (
  announcement_id text NOT NULL REFERENCES announcements(id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  read_at timestamptz NOT NULL,
  PRIMARY KEY (announcement_id, user_id)
);

CREATE TABLE feedback (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id),
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  rating int NOT NULL,
  message text NOT NULL,
  created_at timestamptz NOT NULL
);

-- Rings the first queued call of a segment at the ready agent who has waited longest (as migration
-- 002), now keeping a personal-link call for its agent only and opening the agent's leg of the call.
CREATE OR REPLACE FUNCTION offer_next_call(
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
           EXISTS (SELECT 1 FROM calls q WHERE q.segment_id = p_segment AND q.status = 'queued')
      FROM segments g LEFT JOIN segments p ON p.id = v_call.previous_segment_id
     WHERE g.id = v_call.segment_id;
END $$;

-- A customer joins a segment's queue (as migration 002), optionally for one agent (a personal link).
DROP FUNCTION join_queue(text, text, text, text, text, boolean, jsonb, jsonb, jsonb, text, jsonb, jsonb, timestamptz, int);
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
  p_target text
) RETURNS SETOF calls
LANGUAGE plpgsql AS $$
DECLARE
  v_call calls%ROWTYPE;
BEGIN
  INSERT INTO calls (id, account_id, segment_id, status, customer_session_id, customer_name, priority, extra_data,
      form, integration_data, ticket_id, poc, branch, agent_form, queued_at, queue_deadline, target_agent_id)
    SELECT p_id, g.account_id, g.id, 'queued', p_session, p_name, p_priority, p_extra, p_form, p_integration,
           p_ticket, p_poc, p_branch, g.agent_form, p_now,
           p_now + coalesce(p_limit_ms, g.queue_limit_ms) * interval '1 millisecond', p_target
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
