-- Players, challenges, games and their moves. Append-only: change the schema with a
-- new numbered migration, never by editing this one. Times are Unix milliseconds.

-- A chat user, per network. Display names are refreshed whenever they play.
CREATE TABLE players (
    id         INTEGER PRIMARY KEY,
    platform   TEXT    NOT NULL,
    user_id    TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    is_bot     INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    CONSTRAINT players_identity UNIQUE (platform, user_id)
);

CREATE TABLE games (
    id              INTEGER PRIMARY KEY,
    platform        TEXT    NOT NULL,
    space           TEXT,
    channel         TEXT    NOT NULL,
    thread          TEXT,
    south_id        INTEGER NOT NULL REFERENCES players (id),
    north_id        INTEGER NOT NULL REFERENCES players (id),
    variant         TEXT    NOT NULL,
    rated           INTEGER NOT NULL,
    advice          INTEGER NOT NULL,
    status          TEXT    NOT NULL DEFAULT 'active'
                    CHECK (status IN ('active', 'finished')),
    -- 'S', 'N' or 'draw' once finished.
    result          TEXT    CHECK (result IN ('S', 'N', 'draw')),
    -- score_25, no_feeding_move, repetition, agreement, resignation.
    reason          TEXT,
    south_score     INTEGER NOT NULL DEFAULT 0,
    north_score     INTEGER NOT NULL DEFAULT 0,
    -- Moves played so far (the next move's ply number is ply + 1).
    ply             INTEGER NOT NULL DEFAULT 0,
    -- 'S' or 'N' when that side has proposed ending the game by agreement.
    end_proposed_by TEXT    CHECK (end_proposed_by IN ('S', 'N')),
    -- Bumped by every change: writers check it (optimistic concurrency).
    version         INTEGER NOT NULL DEFAULT 0,
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL
);
CREATE INDEX games_by_channel ON games (platform, channel, status);
CREATE INDEX games_by_thread ON games (platform, thread) WHERE thread IS NOT NULL;
CREATE INDEX games_by_south ON games (south_id, status);
CREATE INDEX games_by_north ON games (north_id, status);

-- One row per ply: enough to replay any game from the database.
CREATE TABLE moves (
    game_id       INTEGER NOT NULL REFERENCES games (id),
    -- 1 for the first move.
    ply           INTEGER NOT NULL,
    player_id     INTEGER NOT NULL REFERENCES players (id),
    -- Canonical letter: A-F South, a-f North.
    pit           TEXT    NOT NULL,
    sown          INTEGER NOT NULL,
    captured      INTEGER NOT NULL,
    -- Canonical letters of the captured pits, e.g. 'dc'; '' for none.
    captured_pits TEXT    NOT NULL,
    grand_slam    INTEGER NOT NULL,
    -- Twelve counts A..F a..f, comma-separated, after the move (and any final sweep).
    board_after   TEXT    NOT NULL,
    south_score   INTEGER NOT NULL,
    north_score   INTEGER NOT NULL,
    played_at     INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
);

CREATE TABLE challenges (
    id            INTEGER PRIMARY KEY,
    platform      TEXT    NOT NULL,
    space         TEXT,
    channel       TEXT    NOT NULL,
    thread        TEXT,
    challenger_id INTEGER NOT NULL REFERENCES players (id),
    opponent_id   INTEGER NOT NULL REFERENCES players (id),
    first         TEXT    NOT NULL CHECK (first IN ('challenger', 'opponent', 'random')),
    rated         INTEGER NOT NULL,
    variant       TEXT    NOT NULL,
    advice        INTEGER NOT NULL,
    level         TEXT,
    status        TEXT    NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'accepted', 'declined', 'cancelled', 'expired')),
    game_id       INTEGER REFERENCES games (id),
    created_at    INTEGER NOT NULL,
    expires_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL
);
-- At most one pending challenge from one player to another.
CREATE UNIQUE INDEX challenges_one_pending
    ON challenges (challenger_id, opponent_id) WHERE status = 'pending';
CREATE INDEX challenges_by_status ON challenges (status, expires_at);
