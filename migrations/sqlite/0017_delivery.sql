-- Delivery as a mail server keeps its queue (src/store/delivery.rs): a failed
-- message backs off its destination (exponential, with jitter) and is retried for
-- 24 hours from when it was queued, then kept as dead; a permanent refusal (the
-- channel is gone, no access) makes it dead at once. Dead messages are counted by
-- `/oware admin status` and re-queued by `/oware admin redeliver`.
ALTER TABLE outbox ADD COLUMN dead_at INTEGER;
-- The last delivery error, as the adapter said it.
ALTER TABLE outbox ADD COLUMN failure TEXT;
-- When `/oware admin redeliver` re-queued it: its retry period starts again then.
ALTER TABLE outbox ADD COLUMN requeued_at INTEGER;
-- The old rule gave a message up after 10 failed attempts: those are dead.
UPDATE outbox SET dead_at = created_at, failure = 'given up after 10 attempts'
WHERE sent_at IS NULL AND attempts >= 10;

-- A destination (a channel or room) whose last delivery failed: none of its messages
-- is tried before `retry_at`, so they keep their order while others go on.
CREATE TABLE delivery_backoff (
    platform TEXT    NOT NULL,
    channel  TEXT    NOT NULL,
    -- Failures in a row.
    failures INTEGER NOT NULL,
    retry_at INTEGER NOT NULL,
    PRIMARY KEY (platform, channel)
);
