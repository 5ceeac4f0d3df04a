-- A chat line's key, chosen by its sender: a line sent again after its answer was lost (a stalled link)
-- is stored once. Keys are the sender's own, so they are unique per sender in a room, not everywhere.
ALTER TABLE messages ADD COLUMN client_key text;
CREATE UNIQUE INDEX messages_client_key ON messages (room_id, peer_id, client_key) WHERE client_key IS NOT NULL;
