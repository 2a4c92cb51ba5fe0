-- Ratings per speed (issue 29): live games (a live clock, or under one day a move)
-- and correspondence games (one day a move or more) keep separate Glicko-2 ratings,
-- as lichess does. The speed is `live` or `correspondence` (`play::clock::Speed`).
--
-- Today's ratings carry over to both: every `ratings` row is copied to each speed,
-- with its record (games, wins, seeds, streaks). The rating history carries over the
-- same way: each existing row is kept for both speeds, rather than assigned to the
-- speed of its game, so that each speed's chart ends at the rating carried over to
-- it and counts as many games as its record (a history split by speed would chart
-- part of the games and end elsewhere than the rating shown beside it). Games rated
-- from now on write one row, at their own speed.
--
-- SQLite cannot change a primary key, so both tables are rebuilt with their rows
-- and indexes. Nothing refers to them.
CREATE TABLE ratings_new (
    identity_id INTEGER NOT NULL REFERENCES players (id),
    speed       TEXT    NOT NULL CHECK (speed IN ('live', 'correspondence')),
    rating      REAL    NOT NULL,
    deviation   REAL    NOT NULL,
    volatility  REAL    NOT NULL,
    games       INTEGER NOT NULL DEFAULT 0,
    wins        INTEGER NOT NULL DEFAULT 0,
    draws       INTEGER NOT NULL DEFAULT 0,
    losses      INTEGER NOT NULL DEFAULT 0,
    -- Seeds captured in rated games.
    seeds       INTEGER NOT NULL DEFAULT 0,
    -- Consecutive rated wins up to now, and the longest such run.
    streak      INTEGER NOT NULL DEFAULT 0,
    best_streak INTEGER NOT NULL DEFAULT 0,
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (identity_id, speed)
);
INSERT INTO ratings_new (identity_id, speed, rating, deviation, volatility, games, wins,
                         draws, losses, seeds, streak, best_streak, updated_at)
    SELECT r.identity_id, s.speed, r.rating, r.deviation, r.volatility, r.games, r.wins,
           r.draws, r.losses, r.seeds, r.streak, r.best_streak, r.updated_at
    FROM ratings r
    CROSS JOIN (SELECT 'live' AS speed UNION ALL SELECT 'correspondence') s;
DROP TABLE ratings;
ALTER TABLE ratings_new RENAME TO ratings;
CREATE INDEX ratings_by_rating ON ratings (speed, rating DESC);

CREATE TABLE rating_history_new (
    identity_id INTEGER NOT NULL REFERENCES players (id),
    speed       TEXT    NOT NULL CHECK (speed IN ('live', 'correspondence')),
    game_id     INTEGER NOT NULL REFERENCES games (id),
    before      REAL    NOT NULL,
    rating      REAL    NOT NULL,
    deviation   REAL    NOT NULL,
    volatility  REAL    NOT NULL,
    rated_at    INTEGER NOT NULL,
    PRIMARY KEY (identity_id, speed, game_id)
);
INSERT INTO rating_history_new (identity_id, speed, game_id, before, rating, deviation,
                                volatility, rated_at)
    SELECT h.identity_id, s.speed, h.game_id, h.before, h.rating, h.deviation,
           h.volatility, h.rated_at
    FROM rating_history h
    CROSS JOIN (SELECT 'live' AS speed UNION ALL SELECT 'correspondence') s;
DROP TABLE rating_history;
ALTER TABLE rating_history_new RENAME TO rating_history;
