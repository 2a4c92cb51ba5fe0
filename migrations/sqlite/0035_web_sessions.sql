-- Signing in to the web pages from chat (`/oware web`): a one-time link carries a
-- random token, of which only its SHA-256 is kept; opening it (a POST) spends the
-- token and starts a session, whose random id is likewise kept only as its SHA-256,
-- with the session's own CSRF token. Both belong to the account that asked; the
-- person is that account's identity, read when used, so linked accounts share their
-- sessions and a link made later counts at once.
CREATE TABLE web_signins (
    token_hash TEXT    PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players (id),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at    INTEGER
);
CREATE INDEX web_signins_by_player ON web_signins (player_id);
CREATE TABLE web_sessions (
    id_hash    TEXT    PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players (id),
    csrf       TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE INDEX web_sessions_by_player ON web_sessions (player_id);
CREATE INDEX web_sessions_by_expiry ON web_sessions (expires_at);
