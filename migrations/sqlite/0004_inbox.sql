-- Exactly-once commands and private replies on Matrix. Append-only, like 0001.
-- Times are Unix milliseconds.

-- Incoming events already handled (a Matrix event id, per network). A command's
-- event is recorded in the transaction that stores its effect, so an event the
-- platform delivers again after a crash changes nothing and is not answered.
CREATE TABLE inbox (
    platform   TEXT    NOT NULL,
    event_id   TEXT    NOT NULL,
    handled_at INTEGER NOT NULL,
    PRIMARY KEY (platform, event_id)
);
CREATE INDEX inbox_by_time ON inbox (handled_at);

-- The direct-message room the bot opened with a user, where their private replies go.
CREATE TABLE dm_rooms (
    platform   TEXT    NOT NULL,
    user_id    TEXT    NOT NULL,
    room_id    TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (platform, user_id)
);
