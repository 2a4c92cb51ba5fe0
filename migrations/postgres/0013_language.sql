-- The language of the bot's messages at a place (`/oware settings language:…`): a
-- tag of one of the files in locales/ (`en`); NULL: English.
ALTER TABLE settings ADD COLUMN language TEXT;
