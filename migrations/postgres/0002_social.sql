-- PostgreSQL twin of migrations/sqlite/0002_social.sql: the same tables, columns
-- and numbering (tests/schemas.rs checks); BIGINT for integers, BOOLEAN for flags,
-- DOUBLE PRECISION for reals, identity columns for row ids.
-- The social game: identities shared by linked accounts, Glicko-2 ratings and their
-- history, onlookers' advice, and one-time link codes. Append-only, like 0001.
-- Times are Unix milliseconds.

-- The identity a player row belongs to. NULL means the row is its own identity (its
-- identity id is its own id); linking points every row of one identity at another's.
ALTER TABLE players ADD COLUMN identity_id BIGINT REFERENCES players (id);
CREATE INDEX players_by_identity ON players (identity_id) WHERE identity_id IS NOT NULL;

-- One row per identity that has finished a rated game. Counts are of rated games.
CREATE TABLE ratings (
    identity_id BIGINT PRIMARY KEY REFERENCES players (id),
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    games       BIGINT NOT NULL DEFAULT 0,
    wins        BIGINT NOT NULL DEFAULT 0,
    draws       BIGINT NOT NULL DEFAULT 0,
    losses      BIGINT NOT NULL DEFAULT 0,
    -- Seeds captured in rated games.
    seeds       BIGINT NOT NULL DEFAULT 0,
    -- Consecutive rated wins up to now, and the longest such run.
    streak      BIGINT NOT NULL DEFAULT 0,
    best_streak BIGINT NOT NULL DEFAULT 0,
    updated_at  BIGINT NOT NULL
);
CREATE INDEX ratings_by_rating ON ratings (rating DESC);

-- One row per identity per rated game: the numbers after it (for the chart).
CREATE TABLE rating_history (
    identity_id BIGINT NOT NULL REFERENCES players (id),
    game_id     BIGINT NOT NULL REFERENCES games (id),
    before      DOUBLE PRECISION NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    rated_at    BIGINT NOT NULL,
    PRIMARY KEY (identity_id, game_id)
);

-- Onlookers' advice: one vote per onlooker per ply (the latest replaces the earlier).
-- `ply` is the number of moves played when the advice was given.
CREATE TABLE advice (
    game_id     BIGINT NOT NULL REFERENCES games (id),
    ply         BIGINT NOT NULL,
    onlooker_id BIGINT NOT NULL REFERENCES players (id),
    -- Canonical letter of the suggested pit.
    pit         TEXT    NOT NULL,
    given_at    BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply, onlooker_id)
);

-- One-time codes that link two accounts into one identity.
CREATE TABLE link_codes (
    code       TEXT    PRIMARY KEY,
    player_id  BIGINT NOT NULL REFERENCES players (id),
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at    BIGINT,
    used_by    BIGINT REFERENCES players (id)
);
