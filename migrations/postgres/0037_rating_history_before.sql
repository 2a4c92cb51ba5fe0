-- What a rated game's announcement needs to be written when it is sent, not in the
-- transaction that rated it: which side the row is about ('S' or 'N': identities
-- may be linked later, sides never change), the whole numbers before the game (the
-- "?" of a provisional rating comes from the deviation) and how many rated games
-- the identity had played at that speed. NULL in rows written before this.
ALTER TABLE rating_history ADD COLUMN side TEXT CHECK (side IN ('S', 'N'));
ALTER TABLE rating_history ADD COLUMN before_deviation DOUBLE PRECISION;
ALTER TABLE rating_history ADD COLUMN before_volatility DOUBLE PRECISION;
ALTER TABLE rating_history ADD COLUMN games_before BIGINT;
