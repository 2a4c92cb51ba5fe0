-- Nothing to do on SQLite: one process per file wakes its own scheduler and
-- deliverers. The PostgreSQL twin of this migration makes inserts into `jobs` and
-- `outbox` notify the other processes sharing the database.
SELECT 1;
