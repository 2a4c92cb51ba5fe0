-- "Your turn" direct messages (`/oware settings me notify:dm`,
-- src/service/notify.rs): 'dm' when a person wants one each time a correspondence
-- game of theirs waits for their move, NULL (the default) when not.
ALTER TABLE user_settings ADD COLUMN notify TEXT;

-- An outbox message sent to one person as a direct message (their platform user
-- id), instead of to its channel; NULL for every message to a place.
ALTER TABLE outbox ADD COLUMN recipient TEXT;
