-- An account may keep media on TURN relays only ('relay': neither side learns the other's address);
-- null follows the server's ICE_TRANSPORT_POLICY.
ALTER TABLE accounts ADD COLUMN ice_transport_policy text
  CHECK (ice_transport_policy IS NULL OR ice_transport_policy IN ('all', 'relay'));

-- What an agent's console measured of the media of their part in a call or meeting (CallQuality of
-- src/protocol/ice.ts), sent once at its end: the history's detail shows it. Per leg, as each agent
-- measures their own connections.
ALTER TABLE call_legs ADD COLUMN quality jsonb;
