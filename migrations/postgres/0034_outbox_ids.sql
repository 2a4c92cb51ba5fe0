-- Nothing to do on PostgreSQL: the outbox id is an identity column, whose sequence
-- never hands a value out twice (deleted rows included). The SQLite twin of this
-- migration makes its outbox ids never reused (AUTOINCREMENT).
SELECT 1;
