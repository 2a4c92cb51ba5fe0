-- Each person's own settings (`/oware settings me`, src/store/user_settings.rs): one
-- row per user of a platform, made on their first change. NULL is the default.
CREATE TABLE user_settings (
    platform   TEXT   NOT NULL,
    user_id    TEXT   NOT NULL,
    -- Whose seat their private boards are seen from: 'my-side', or NULL for South's
    -- (the shared view).
    board      TEXT,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (platform, user_id)
);
