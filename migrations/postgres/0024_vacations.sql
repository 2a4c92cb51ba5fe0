-- Vacations (`/oware vacation 7d`, src/store/vacations.rs): while a player is
-- away, the correspondence turns they have to play wait for their return. Each
-- vacation is kept (its end moved earlier when ended early) to count the days
-- taken over the last 365; the player's row carries the end of the current one,
-- read with every game.
CREATE TABLE vacations (
    player_id  BIGINT  NOT NULL REFERENCES players (id),
    started_at BIGINT  NOT NULL,
    ends_at    BIGINT  NOT NULL,
    PRIMARY KEY (player_id, started_at)
);

ALTER TABLE players ADD COLUMN away_until BIGINT;
