-- Per-server settings (a Discord server, a Matrix room, a console room), changed by
-- the place's admins and read when a game is challenged or accepted: they apply to
-- new games only. NULL means the built-in default. `version` counts changes, so two
-- admins changing settings at once cannot overwrite each other unseen.
CREATE TABLE settings (
    platform      TEXT    NOT NULL,
    -- The Discord server id; the Matrix room id; the console room.
    place         TEXT    NOT NULL,
    -- Channel ids where games may start, comma-separated; NULL: anywhere.
    channels      TEXT,
    -- The default time control, canonical (`3d`, `5+3`, `none`).
    time_control  TEXT,
    rated         INTEGER,
    -- Advice in casual games.
    advice        INTEGER,
    -- Whether each game gets its own thread.
    threads       INTEGER,
    version       INTEGER NOT NULL DEFAULT 0,
    updated_by    TEXT,
    updated_at    INTEGER NOT NULL,
    PRIMARY KEY (platform, place)
);
