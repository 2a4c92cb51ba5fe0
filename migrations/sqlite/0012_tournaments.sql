-- Tournaments (issue 16): a place's events, their players and their rounds' boards.
-- A round's games are ordinary games carrying `tournament_id`; when one ends, its
-- transaction schedules a `tournament` job that starts the next round (or ends the
-- event) once the round's last game is over.
CREATE TABLE tournaments (
    id            INTEGER PRIMARY KEY,
    platform      TEXT    NOT NULL,
    -- The Discord server or Matrix room it belongs to (settings and admins).
    place         TEXT    NOT NULL,
    -- Where it was created: rounds and results are announced there, games start there.
    space         TEXT,
    channel       TEXT    NOT NULL,
    name          TEXT    NOT NULL,
    format        TEXT    NOT NULL CHECK (format IN ('round-robin', 'swiss')),
    -- Swiss: the rounds asked for. Round-robin: 0 until it starts, then the schedule's.
    rounds        INTEGER NOT NULL,
    -- Round-robin: each pair meets twice, colours swapped.
    double_rounds INTEGER NOT NULL DEFAULT 0,
    time_control  TEXT    NOT NULL,
    rated         INTEGER NOT NULL,
    creator_id    INTEGER NOT NULL REFERENCES players (id),
    status        TEXT    NOT NULL DEFAULT 'open'
                  CHECK (status IN ('open', 'running', 'finished')),
    -- The round being played (0 before the start).
    round         INTEGER NOT NULL DEFAULT 0,
    version       INTEGER NOT NULL DEFAULT 0,
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL
);
CREATE INDEX tournaments_by_place ON tournaments (platform, place, status);

CREATE TABLE tournament_players (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id),
    -- 1 for the first to join: the pairing's tie-break and the crosstable's number.
    entrant        INTEGER NOT NULL,
    player_id      INTEGER NOT NULL REFERENCES players (id),
    -- The first round the player is out of (withdrawn), NULL while in.
    withdrawn_from INTEGER,
    joined_at      INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, entrant),
    UNIQUE (tournament_id, player_id)
);

-- Each round's boards: a game between two entrants, or a bye (north NULL).
CREATE TABLE tournament_boards (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    south         INTEGER NOT NULL,
    north         INTEGER,
    game_id       INTEGER REFERENCES games (id),
    PRIMARY KEY (tournament_id, round, board)
);

ALTER TABLE games ADD COLUMN tournament_id INTEGER REFERENCES tournaments (id);

-- Who may create tournaments (`/oware settings tournaments:anyone`); NULL: admins.
ALTER TABLE settings ADD COLUMN tournaments TEXT;
