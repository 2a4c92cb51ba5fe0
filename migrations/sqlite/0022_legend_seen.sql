-- Whether a person has been shown the one-line legend of the board
-- (src/service/legend.rs): the first reply with a board they get carries it.
ALTER TABLE user_settings ADD COLUMN legend_seen INTEGER NOT NULL DEFAULT 0;
