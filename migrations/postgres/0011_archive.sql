-- How long a finished game's thread stays open before the bot archives it, set with
-- `/oware settings archive:…`: canonical (`1h`, `1d`, `never`); NULL: the default.
ALTER TABLE settings ADD COLUMN archive_after TEXT;
