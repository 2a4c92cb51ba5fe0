-- PostgreSQL twin of migrations/sqlite/0025_speed_ratings.sql: the same tables,
-- columns and numbering (tests/service/schemas.rs checks).
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
ALTER TABLE ratings ADD COLUMN speed TEXT NOT NULL DEFAULT 'correspondence'
    CHECK (speed IN ('live', 'correspondence'));
ALTER TABLE ratings ALTER COLUMN speed DROP DEFAULT;
ALTER TABLE ratings DROP CONSTRAINT ratings_pkey;
INSERT INTO ratings (identity_id, speed, rating, deviation, volatility, games, wins,
                     draws, losses, seeds, streak, best_streak, updated_at)
    SELECT identity_id, 'live', rating, deviation, volatility, games, wins, draws,
           losses, seeds, streak, best_streak, updated_at
    FROM ratings;
ALTER TABLE ratings ADD PRIMARY KEY (identity_id, speed);
DROP INDEX ratings_by_rating;
CREATE INDEX ratings_by_rating ON ratings (speed, rating DESC);

ALTER TABLE rating_history ADD COLUMN speed TEXT NOT NULL DEFAULT 'correspondence'
    CHECK (speed IN ('live', 'correspondence'));
ALTER TABLE rating_history ALTER COLUMN speed DROP DEFAULT;
ALTER TABLE rating_history DROP CONSTRAINT rating_history_pkey;
INSERT INTO rating_history (identity_id, speed, game_id, before, rating, deviation,
                            volatility, rated_at)
    SELECT identity_id, 'live', game_id, before, rating, deviation, volatility, rated_at
    FROM rating_history;
ALTER TABLE rating_history ADD PRIMARY KEY (identity_id, speed, game_id);
