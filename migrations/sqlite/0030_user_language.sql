-- The language of a person's own replies (`/oware settings me language:fr`,
-- src/service/settings/me.rs): a tag of locales/, or NULL (the default) for the
-- place's language (on Discord, their client's first when the bot has it).
ALTER TABLE user_settings ADD COLUMN language TEXT;
