-- Outbox ids: nothing to do on PostgreSQL: the outbox id is an identity column, whose
-- sequence never hands a value out twice (deleted rows included). The SQLite twin of
-- this migration makes its outbox ids never reused (AUTOINCREMENT).

-- Who asked for a queued review (`/oware analyse`), as `platform:user id`, so that
-- the reviews one person, and everyone, may have queued are capped
-- (MAX_QUEUED_REVIEWS_PER_USER, MAX_QUEUED_REVIEWS); NULL for other jobs and for
-- the automatic reviews that judge advice. Gone with the job once the review is
-- posted.
ALTER TABLE jobs ADD COLUMN requested_by TEXT;
CREATE INDEX jobs_requested ON jobs (requested_by) WHERE requested_by IS NOT NULL;
