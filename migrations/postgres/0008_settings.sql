-- PostgreSQL twin of migrations/sqlite/0008_settings.sql: the same tables, columns
-- and numbering (tests/schemas.rs checks); BIGINT for integers, BOOLEAN for flags.
-- Per-server settings, read when a game is challenged or accepted (new games only).
CREATE TABLE settings (
    platform      TEXT    NOT NULL,
    place         TEXT    NOT NULL,
    channels      TEXT,
    time_control  TEXT,
    rated         BOOLEAN,
    advice        BOOLEAN,
    threads       BOOLEAN,
    version       BIGINT  NOT NULL DEFAULT 0,
    updated_by    TEXT,
    updated_at    BIGINT  NOT NULL,
    PRIMARY KEY (platform, place)
);
