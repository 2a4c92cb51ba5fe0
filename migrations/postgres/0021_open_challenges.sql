-- Open challenges (`/oware play` with no opponent): anyone at the place may accept
-- one, so a pending challenge may have no opponent yet (accepting fills it in).
ALTER TABLE challenges ALTER COLUMN opponent_id DROP NOT NULL;
-- At most one open challenge pending per player.
CREATE UNIQUE INDEX challenges_one_open
    ON challenges (challenger_id) WHERE status = 'pending' AND opponent_id IS NULL;
