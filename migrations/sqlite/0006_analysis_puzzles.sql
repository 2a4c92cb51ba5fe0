-- The engine as a coach: post-game analysis, onlookers' advice judged, and puzzles.
-- Append-only, like 0001. Times are Unix ms.

-- A job's request when it is more than "this game at this version" (an analysis:
-- where to post it). Jobs with a request outlive the game's turns.
ALTER TABLE jobs ADD COLUMN request TEXT;

-- Outbox extras: `attach` names pictures rendered at delivery (`analysis`: the
-- evaluation graph and the biggest blunder of `game_id`); `edits` is an anchor (see
-- `anchors`) whose message this one replaces where the platform can edit.
ALTER TABLE outbox ADD COLUMN attach TEXT;
ALTER TABLE outbox ADD COLUMN edits TEXT;

-- Messages the bot may edit later ("analysing game #12…"), by a key the service
-- chose, with the platform's id for the message once the adapter sent it.
CREATE TABLE anchors (
    platform   TEXT    NOT NULL,
    anchor     TEXT    NOT NULL,
    message_id TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (platform, anchor)
);

-- One analysis per game. `engine` names the analysis version (search, weights, node
-- budget, tables): one made by another version is computed again when asked for.
CREATE TABLE analyses (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id),
    engine      TEXT    NOT NULL,
    -- The analysis as JSON: every ply's best move, loss, class and line; the graph.
    result      TEXT    NOT NULL,
    finished_at INTEGER NOT NULL
);

-- Each adviser's judged picks in one game, replaced with the game's analysis (in the
-- same transaction). The advisers' leaderboard sums them.
CREATE TABLE advice_judgments (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    onlooker_id INTEGER NOT NULL REFERENCES players (id),
    -- Where the game was played (the leaderboard is per server).
    platform    TEXT    NOT NULL,
    space       TEXT,
    channel     TEXT    NOT NULL,
    picks       INTEGER NOT NULL,
    -- Picks within one seed of the engine's best move.
    close       INTEGER NOT NULL,
    -- Seeds lost by the picks against the best moves, in hundredths.
    loss        INTEGER NOT NULL,
    PRIMARY KEY (game_id, onlooker_id)
);

-- Positions with one clearly best move.
CREATE TABLE puzzles (
    id          INTEGER PRIMARY KEY,
    -- `tables` (exact) or `game` (a blunder in an analysed game, checked deeper).
    source      TEXT    NOT NULL,
    game_id     INTEGER REFERENCES games (id),
    ply         INTEGER,
    -- The position: the 12 pit counts in pit order (South's A-F, then North's a-f),
    -- the scores (South, North) and the side to move: `4,4,0,...,4/10,12/S`.
    position    TEXT    NOT NULL UNIQUE,
    -- The solution's canonical letter, and its line.
    solution    TEXT    NOT NULL,
    line        TEXT    NOT NULL,
    -- `win`, or `seeds:N` (gains at least N seeds more than any other move).
    goal        TEXT    NOT NULL,
    -- The puzzle's own Glicko-2 rating: solvers who fail raise it.
    rating      REAL    NOT NULL DEFAULT 1500,
    deviation   REAL    NOT NULL DEFAULT 350,
    volatility  REAL    NOT NULL DEFAULT 0.06,
    created_at  INTEGER NOT NULL
);

-- Who was given which puzzle; `solved` is NULL until they answer.
CREATE TABLE puzzle_attempts (
    puzzle_id   INTEGER NOT NULL REFERENCES puzzles (id),
    platform    TEXT    NOT NULL,
    user_id     TEXT    NOT NULL,
    user_name   TEXT    NOT NULL,
    -- Where it was given: the Discord server, or the room where there is none.
    place       TEXT    NOT NULL,
    given_at    INTEGER NOT NULL,
    answer      TEXT,
    solved      INTEGER,
    answered_at INTEGER,
    PRIMARY KEY (puzzle_id, platform, user_id)
);
CREATE INDEX puzzle_attempts_open ON puzzle_attempts (platform, user_id, given_at)
    WHERE answered_at IS NULL;

-- Puzzle ratings (Glicko-2), kept apart from game ratings.
CREATE TABLE puzzle_ratings (
    platform   TEXT    NOT NULL,
    user_id    TEXT    NOT NULL,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    solved     INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (platform, user_id)
);

-- The daily puzzle of each server (or room), the same for everyone that day (UTC).
CREATE TABLE daily_puzzles (
    platform  TEXT    NOT NULL,
    -- The Discord server, or the room/channel where there is none.
    place     TEXT    NOT NULL,
    day       TEXT    NOT NULL,
    puzzle_id INTEGER NOT NULL REFERENCES puzzles (id),
    PRIMARY KEY (platform, place, day)
);
