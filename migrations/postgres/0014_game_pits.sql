-- Every move's pit, in order (`cCdD…`), kept beside the moves table by the statement
-- that records each move: a game and its moves are read in one statement.
ALTER TABLE games ADD COLUMN pits TEXT NOT NULL DEFAULT '';
UPDATE games g SET pits = COALESCE(
    (SELECT string_agg(m.pit, '' ORDER BY m.ply) FROM moves m WHERE m.game_id = g.id),
    '');
