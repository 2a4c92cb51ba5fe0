-- Several processes share a PostgreSQL database: a job or an outbox message written
-- by one must wake the schedulers and deliverers of the others at once, without
-- polling. Each insert notifies the `oware_changes` channel (delivered at commit;
-- notifications of one transaction are merged), which every process LISTENs to.
-- The SQLite twin of this migration is empty: one process per file.
CREATE FUNCTION oware_notify_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('oware_changes', TG_TABLE_NAME);
    RETURN NULL;
END
$$;

CREATE TRIGGER jobs_notify AFTER INSERT ON jobs
    FOR EACH STATEMENT EXECUTE FUNCTION oware_notify_changes();
CREATE TRIGGER outbox_notify AFTER INSERT ON outbox
    FOR EACH STATEMENT EXECUTE FUNCTION oware_notify_changes();
