-- Job ids are never reused. A plain INTEGER PRIMARY KEY hands the largest id out
-- again once its row is deleted, so a runner holding a stale job could claim, or
-- drop, a newer job that got its id (and a game lose its timeout). AUTOINCREMENT
-- never hands an id out twice; SQLite cannot add it to a table, so the table is
-- rebuilt with its rows and indexes.
CREATE TABLE jobs_new (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    kind          TEXT    NOT NULL,
    game_id       INTEGER REFERENCES games (id),
    challenge_id  INTEGER REFERENCES challenges (id),
    game_version  INTEGER,
    due_at        INTEGER NOT NULL,
    claimed_until INTEGER,
    created_at    INTEGER NOT NULL,
    request       TEXT
);
INSERT INTO jobs_new (id, kind, game_id, challenge_id, game_version, due_at, claimed_until,
                      created_at, request)
    SELECT id, kind, game_id, challenge_id, game_version, due_at, claimed_until, created_at,
           request
    FROM jobs;
DROP TABLE jobs;
ALTER TABLE jobs_new RENAME TO jobs;
CREATE INDEX jobs_by_due ON jobs (due_at);
CREATE INDEX jobs_by_game ON jobs (game_id) WHERE game_id IS NOT NULL;
CREATE INDEX jobs_by_challenge ON jobs (challenge_id) WHERE challenge_id IS NOT NULL;
