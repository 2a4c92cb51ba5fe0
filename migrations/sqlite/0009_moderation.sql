-- Moderation (issue 16): what a place's admins did and what players reported, and who
-- may not start games there. `place` is the settings' key: the Discord server id, the
-- Matrix room id or the console room. Rows are written in the transaction of the
-- effect they record.
CREATE TABLE audit (
    id            INTEGER PRIMARY KEY,
    platform      TEXT    NOT NULL,
    place         TEXT    NOT NULL,
    -- The author's platform user id and shown name.
    actor_id      TEXT    NOT NULL,
    actor_name    TEXT    NOT NULL,
    -- `abort`, `adjudicate`, `ban`, `unban` or `report`.
    action        TEXT    NOT NULL,
    game_id       INTEGER,
    -- The user acted on (a ban, an unban, an adjudication's winner).
    target_id     TEXT,
    target_name   TEXT,
    reason        TEXT,
    created_at    INTEGER NOT NULL
);
CREATE INDEX audit_by_place ON audit (platform, place, created_at);

-- A user who may not challenge or accept games at a place until `until_at` (Unix ms;
-- NULL: until unbanned). One row per user and place: a new ban replaces the old.
CREATE TABLE bans (
    platform      TEXT    NOT NULL,
    place         TEXT    NOT NULL,
    user_id       TEXT    NOT NULL,
    until_at      INTEGER,
    banned_by     TEXT    NOT NULL,
    reason        TEXT,
    created_at    INTEGER NOT NULL,
    PRIMARY KEY (platform, place, user_id)
);
