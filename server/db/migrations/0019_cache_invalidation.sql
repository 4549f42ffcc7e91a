-- The server keeps users' roles and session versions, learners' assigned packages and packages' content versions in
-- memory (server/db/invalidated-cache.ts). These triggers tell every instance, in the writer's own transaction, what
-- changed: PostgreSQL delivers a NOTIFY when and only when the transaction commits. Triggers catch every writer,
-- present and future. Assignments use statement-level triggers: one notification per learner per statement. Payloads
-- start with the schema, so instances of another schema on the same database (test runs) ignore them.
CREATE OR REPLACE FUNCTION notify_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('learnpack_cache', current_schema() || '/user:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_cache_update AFTER UPDATE OF role, session_version, signed_out_everywhere_version ON users FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.session_version IS DISTINCT FROM NEW.session_version
    OR OLD.signed_out_everywhere_version IS DISTINCT FROM NEW.signed_out_everywhere_version)
  EXECUTE FUNCTION notify_user_change();
--> statement-breakpoint
CREATE TRIGGER users_cache_delete AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_user_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_assignment_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('learnpack_cache', current_schema() || '/access:' || u.user_id) FROM (SELECT DISTINCT r.user_id FROM new_rows r) u;
  ELSE
    PERFORM pg_notify('learnpack_cache', current_schema() || '/access:' || u.user_id) FROM (SELECT DISTINCT r.user_id FROM old_rows r) u;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_packages_cache_insert AFTER INSERT ON user_packages REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_assignment_change();
--> statement-breakpoint
CREATE TRIGGER user_packages_cache_delete AFTER DELETE ON user_packages REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_assignment_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_package_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('learnpack_cache', current_schema() || '/package:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER packages_cache_update AFTER UPDATE ON packages FOR EACH ROW
  WHEN (OLD.content_version IS DISTINCT FROM NEW.content_version OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION notify_package_change();
--> statement-breakpoint
CREATE TRIGGER packages_cache_delete AFTER DELETE ON packages FOR EACH ROW EXECUTE FUNCTION notify_package_change();
