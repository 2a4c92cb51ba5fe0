-- Open challenges (`/oware play` with no opponent): anyone at the place may accept
-- one, so a pending challenge may have no opponent yet (accepting fills it in).
-- SQLite cannot drop a NOT NULL, so the table is rebuilt with its rows and indexes.
-- Jobs refer to challenges (their expiry), and a migration runs in a transaction,
-- where foreign keys cannot be turned off: those jobs are set aside while the old
-- table goes, and put back once the rebuilt one holds every id again.
CREATE TEMP TABLE challenge_jobs AS SELECT * FROM jobs WHERE challenge_id IS NOT NULL;
DELETE FROM jobs WHERE challenge_id IS NOT NULL;
CREATE TABLE challenges_new (
    id            INTEGER PRIMARY KEY,
    platform      TEXT    NOT NULL,
    space         TEXT,
    channel       TEXT    NOT NULL,
    thread        TEXT,
    challenger_id INTEGER NOT NULL REFERENCES players (id),
    -- NULL: an open challenge, not accepted yet.
    opponent_id   INTEGER REFERENCES players (id),
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
    updated_at    INTEGER NOT NULL,
    time_control  TEXT    NOT NULL DEFAULT 'none',
    reminders     INTEGER NOT NULL DEFAULT 1
);
INSERT INTO challenges_new (id, platform, space, channel, thread, challenger_id, opponent_id,
                            first, rated, variant, advice, level, status, game_id,
                            created_at, expires_at, updated_at, time_control, reminders)
    SELECT id, platform, space, channel, thread, challenger_id, opponent_id, first, rated,
           variant, advice, level, status, game_id, created_at, expires_at, updated_at,
           time_control, reminders
    FROM challenges;
DROP TABLE challenges;
ALTER TABLE challenges_new RENAME TO challenges;
INSERT INTO jobs SELECT * FROM challenge_jobs;
DROP TABLE challenge_jobs;
CREATE UNIQUE INDEX challenges_one_pending
    ON challenges (challenger_id, opponent_id) WHERE status = 'pending';
CREATE INDEX challenges_by_status ON challenges (status, expires_at);
-- At most one open challenge pending per player.
CREATE UNIQUE INDEX challenges_one_open
    ON challenges (challenger_id) WHERE status = 'pending' AND opponent_id IS NULL;
