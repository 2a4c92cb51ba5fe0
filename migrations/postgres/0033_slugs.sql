-- Pages never write (issue 48): a game's slug is given in the transaction that
-- creates it, and a player's page lives at an unguessable slug too (no longer at
-- the enumerable /u/<id>). Rows from before get theirs once, when the store opens.
ALTER TABLE players ADD COLUMN web_slug TEXT;
CREATE UNIQUE INDEX players_by_web_slug ON players (web_slug);
