-- Time the bot could not see (src/store/downtime.rs): each running process writes
-- `bot` here every 15 s; after a restart, the time since then is credited to the
-- games whose clocks ran meanwhile, and their players are told.
CREATE TABLE heartbeats (
    name    TEXT   PRIMARY KEY,
    seen_at INTEGER NOT NULL
);
