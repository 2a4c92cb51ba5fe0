-- Outbox ids are never reused. They are the Discord nonce and the Matrix transaction
-- id of the message, so a platform could take a new message that got the id of a
-- deleted one (forget-me deletes a person's direct messages, retention old ones) for
-- a repeat and drop it. A plain INTEGER PRIMARY KEY hands the largest id out again
-- once its row is deleted; AUTOINCREMENT never hands an id out twice. SQLite cannot
-- add it to a table, so the table is rebuilt with its rows and indexes, as 0015 did
-- for jobs. The sequence starts after the largest id in use.
CREATE TABLE outbox_new (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    platform    TEXT    NOT NULL,
    space       TEXT,
    channel     TEXT    NOT NULL,
    -- The game's thread when it has one (read at delivery if NULL here).
    thread      TEXT,
    game_id     INTEGER REFERENCES games (id),
    -- The reply as JSON: text, text board, buttons, mentions.
    body        TEXT    NOT NULL,
    -- Attach the board of `game_id` after this many plies.
    board_ply   INTEGER,
    created_at  INTEGER NOT NULL,
    sent_at     INTEGER,
    attempts    INTEGER NOT NULL DEFAULT 0,
    attach      TEXT,
    edits       TEXT,
    dead_at     INTEGER,
    failure     TEXT,
    requeued_at INTEGER,
    recipient   TEXT
);
INSERT INTO outbox_new (id, platform, space, channel, thread, game_id, body, board_ply,
                        created_at, sent_at, attempts, attach, edits, dead_at, failure,
                        requeued_at, recipient)
    SELECT id, platform, space, channel, thread, game_id, body, board_ply, created_at,
           sent_at, attempts, attach, edits, dead_at, failure, requeued_at, recipient
    FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_unsent ON outbox (platform, id) WHERE sent_at IS NULL;
CREATE INDEX outbox_by_sent ON outbox (sent_at) WHERE sent_at IS NOT NULL;

-- Who asked for a queued review (`/oware analyse`), as `platform:user id`, so that
-- the reviews one person, and everyone, may have queued are capped
-- (MAX_QUEUED_REVIEWS_PER_USER, MAX_QUEUED_REVIEWS); NULL for other jobs and for
-- the automatic reviews that judge advice. Gone with the job once the review is
-- posted.
ALTER TABLE jobs ADD COLUMN requested_by TEXT;
CREATE INDEX jobs_requested ON jobs (requested_by) WHERE requested_by IS NOT NULL;
