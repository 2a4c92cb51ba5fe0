-- A request one player of an active game makes to the other, pending their answer
-- (src/store/proposal.rs): ending an endless cycle by agreement ('end'), a draw
-- ('draw') or a takeback ('takeback'), made by the side in proposed_by. One at a
-- time; a move clears it.
ALTER TABLE games RENAME COLUMN end_proposed_by TO proposed_by;
ALTER TABLE games ADD COLUMN proposal TEXT CHECK (proposal IN ('end', 'draw', 'takeback'));
UPDATE games SET proposal = 'end' WHERE proposed_by IS NOT NULL;

-- `/oware live`: the games in progress on a server (src/store/games.rs, live_games).
CREATE INDEX games_live_by_space ON games (platform, space) WHERE status = 'active';
