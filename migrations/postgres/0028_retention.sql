-- Retention (src/store/retention.rs): delivered outbox messages are deleted once
-- they were sent longer ago than OWARE_RETENTION_DAYS (30 by default), a small
-- batch at a time, oldest first; this index finds them without reading the queue.
-- Unsent and dead messages (sent_at NULL) are never deleted, so it leaves them out.
-- The inbox is pruned the same way through its index on handled_at (0004).
CREATE INDEX outbox_by_sent ON outbox (sent_at) WHERE sent_at IS NOT NULL;
