-- Forgetting by id (src/store/forget.rs, issue 48): the rows that hold a person are
-- found by id. The decisive part (their accounts, ratings, settings, bans, audit
-- rows) is one short transaction; the stored texts that may name them (outbox
-- messages, anchors) are cleaned afterwards, a bounded batch per transaction,
-- following a `forget_scrubs` row: what to take out (`people`, JSON: their accounts'
-- platform ids, names, games, direct rooms and, for an admin's forget, the place)
-- and how far the work got (`stage`: 0 anchors, 1 outbox; the cursor after which the
-- next batch starts). The row is deleted when the work is done; an interrupted one
-- is resumed by the next retention pass.
CREATE TABLE forget_scrubs (
    id             INTEGER PRIMARY KEY,
    people         TEXT    NOT NULL,
    stage          INTEGER NOT NULL DEFAULT 0,
    after_id       INTEGER NOT NULL DEFAULT 0,
    after_platform TEXT    NOT NULL DEFAULT '',
    after_key      TEXT    NOT NULL DEFAULT '',
    created_at     INTEGER NOT NULL
);
-- A person's audit rows, found by their id without reading the whole log.
CREATE INDEX audit_by_actor ON audit (platform, actor_id);
CREATE INDEX audit_by_target ON audit (platform, target_id) WHERE target_id IS NOT NULL;
-- Retention (src/store/retention.rs): dead outbox messages and anchors older than the
-- retention period are deleted too, a batch at a time, found through these indexes;
-- expired link codes through theirs.
CREATE INDEX outbox_by_dead ON outbox (dead_at) WHERE dead_at IS NOT NULL;
CREATE INDEX anchors_by_created ON anchors (created_at);
CREATE INDEX link_codes_by_expiry ON link_codes (expires_at);
