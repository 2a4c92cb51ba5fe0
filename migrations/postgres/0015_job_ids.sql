-- Nothing to do on PostgreSQL: a BIGSERIAL id is never handed out twice. The SQLite
-- twin of this migration makes its job ids never reused (AUTOINCREMENT).
SELECT 1;
