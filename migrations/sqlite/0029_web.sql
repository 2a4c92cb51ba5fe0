-- Web pages (src/web/): each game's page lives at /g/<web_slug>, an unguessable
-- slug given the first time the bot links to the page (NULL until then); a place
-- chooses whether its pages are unlisted (NULL, the default), public or off.
ALTER TABLE games ADD COLUMN web_slug TEXT;
CREATE UNIQUE INDEX games_by_web_slug ON games (web_slug);
ALTER TABLE settings ADD COLUMN web TEXT;
