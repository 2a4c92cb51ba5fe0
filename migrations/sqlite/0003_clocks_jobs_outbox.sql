-- Every game ends by itself: time controls on challenges and games, the jobs that
-- outlive a process (engine moves, deadlines, reminders, expiries), and the outbox of
-- messages the bot sends unprompted. Append-only, like 0001. Times are Unix ms.

-- `none`, a correspondence deadline per move (`3d`, `12h`, `30m`, `15s`) or a live
-- Fischer clock in minutes plus seconds a move (`5+3`).
ALTER TABLE challenges ADD COLUMN time_control TEXT NOT NULL DEFAULT 'none';
-- Whether the player to move is reminded in correspondence games.
ALTER TABLE challenges ADD COLUMN reminders INTEGER NOT NULL DEFAULT 1;

ALTER TABLE games ADD COLUMN time_control TEXT NOT NULL DEFAULT 'none';
ALTER TABLE games ADD COLUMN reminders INTEGER NOT NULL DEFAULT 1;
-- Live clocks: each side's time left when the current turn started.
ALTER TABLE games ADD COLUMN south_left_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN north_left_ms INTEGER NOT NULL DEFAULT 0;
-- When the side to move began its turn (the game's start, then each move).
ALTER TABLE games ADD COLUMN turn_started_at INTEGER;
-- When the side to move loses on time (NULL without a clock, or once finished).
ALTER TABLE games ADD COLUMN deadline_at INTEGER;
CREATE INDEX games_by_deadline ON games (deadline_at) WHERE deadline_at IS NOT NULL;

-- Work that must happen later or outlive a crash. A job is written in the same
-- transaction as the change that calls for it and deleted in the transaction that
-- does it; `game_version` makes a job for a position that has moved on a no-op.
CREATE TABLE jobs (
    id            INTEGER PRIMARY KEY,
    -- engine_move, timeout, reminder, idle_abort, challenge_expiry.
    kind          TEXT    NOT NULL,
    game_id       INTEGER REFERENCES games (id),
    challenge_id  INTEGER REFERENCES challenges (id),
    -- The game's version the job was made for.
    game_version  INTEGER,
    due_at        INTEGER NOT NULL,
    -- A runner holds the job until then (a crashed runner's claim lapses).
    claimed_until INTEGER,
    created_at    INTEGER NOT NULL
);
CREATE INDEX jobs_by_due ON jobs (due_at);
CREATE INDEX jobs_by_game ON jobs (game_id) WHERE game_id IS NOT NULL;
CREATE INDEX jobs_by_challenge ON jobs (challenge_id) WHERE challenge_id IS NOT NULL;

-- Messages the bot sends without being asked, each delivered by its platform's
-- adapter and then marked sent (at least once; the platform's de-duplication keyed
-- by the row id makes a re-send after a crash invisible).
CREATE TABLE outbox (
    id          INTEGER PRIMARY KEY,
    platform    TEXT    NOT NULL,
    space       TEXT,
    channel     TEXT    NOT NULL,
    -- The game's thread when it has one (read at delivery if NULL here).
    thread      TEXT,
    game_id     INTEGER REFERENCES games (id),
    -- The reply as JSON: text, text board, buttons, mentions.
    body        TEXT    NOT NULL,
    -- Attach the board of `game_id` after this many plies.
    board_ply   INTEGER,
    created_at  INTEGER NOT NULL,
    sent_at     INTEGER,
    attempts    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX outbox_unsent ON outbox (platform, id) WHERE sent_at IS NULL;
