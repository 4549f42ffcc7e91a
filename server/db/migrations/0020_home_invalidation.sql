-- The signed-in user's own answer (GET /user/getUserByEmail: the account, its packages with their skills, due dates,
-- groups and statuses) is kept in memory per user (server/user/home-cache.ts). These triggers tell every instance,
-- in the writer's transaction, whose answer may have changed ('account:<user>'): the account's shown fields, an
-- assignment's settings or completion, a group membership, a group's packages or name, and progress that went down
-- (a progress row deleted, moved or lowered; an attempt changed or deleted; any SCORM data).
-- Progress that grows (a heartbeat, a new attempt) notifies nothing: an answer is kept only while every package in it
-- is started, completed or overdue, which growing progress cannot change. A NOTIFY serialises its transaction's commit
-- with every other notifying commit of the cluster, so the writes a class repeats stay without one.
-- Package content (titles, skills, what counts towards progress) already notifies 'package:<id>' (migration 0019).
CREATE OR REPLACE FUNCTION notify_account_change_of_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('learnpack_cache', current_schema() || '/account:' || u.user_id) FROM (SELECT DISTINCT r.user_id FROM new_rows r) u;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('learnpack_cache', current_schema() || '/account:' || u.user_id) FROM (SELECT DISTINCT r.user_id FROM old_rows r) u;
  ELSE
    PERFORM pg_notify('learnpack_cache', current_schema() || '/account:' || u.user_id)
      FROM (SELECT r.user_id FROM new_rows r UNION SELECT r.user_id FROM old_rows r) u;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_packages_account_update AFTER UPDATE ON user_packages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_account_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER group_members_account_insert AFTER INSERT ON group_members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_account_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER group_members_account_update AFTER UPDATE ON group_members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_account_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER group_members_account_delete AFTER DELETE ON group_members REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_account_change_of_rows();
--> statement-breakpoint
-- A group's packages (and their due settings) and its name reach every member's answer.
CREATE OR REPLACE FUNCTION notify_account_change_of_group_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('learnpack_cache', current_schema() || '/account:' || u.user_id)
      FROM (SELECT DISTINCT gm.user_id FROM group_members gm WHERE gm.group_id IN (SELECT r.group_id FROM new_rows r)) u;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('learnpack_cache', current_schema() || '/account:' || u.user_id)
      FROM (SELECT DISTINCT gm.user_id FROM group_members gm WHERE gm.group_id IN (SELECT r.group_id FROM old_rows r)) u;
  ELSE
    PERFORM pg_notify('learnpack_cache', current_schema() || '/account:' || u.user_id)
      FROM (SELECT DISTINCT gm.user_id FROM group_members gm
            WHERE gm.group_id IN (SELECT r.group_id FROM new_rows r UNION SELECT r.group_id FROM old_rows r)) u;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER group_packages_account_insert AFTER INSERT ON group_packages REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_account_change_of_group_members();
--> statement-breakpoint
CREATE TRIGGER group_packages_account_update AFTER UPDATE ON group_packages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_account_change_of_group_members();
--> statement-breakpoint
CREATE TRIGGER group_packages_account_delete AFTER DELETE ON group_packages REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_account_change_of_group_members();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_account_change_of_group() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('learnpack_cache', current_schema() || '/account:' || gm.user_id) FROM group_members gm WHERE gm.group_id = OLD.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER groups_account_update AFTER UPDATE OF name ON groups FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION notify_account_change_of_group();
--> statement-breakpoint
-- The account's own fields the answer shows (role and session versions notify 'user:<id>' already).
CREATE OR REPLACE FUNCTION notify_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('learnpack_cache', current_schema() || '/account:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_account_update AFTER UPDATE ON users FOR EACH ROW
  WHEN (row(OLD.email, OLD.name, OLD.given_name, OLD.family_name, OLD.picture_url, OLD.locale, OLD.email_verified, OLD.reminder_emails,
            OLD.captions_language, OLD.captions_on, OLD.playback_rate)
        IS DISTINCT FROM row(NEW.email, NEW.name, NEW.given_name, NEW.family_name, NEW.picture_url, NEW.locale, NEW.email_verified,
            NEW.reminder_emails, NEW.captions_language, NEW.captions_on, NEW.playback_rate))
  EXECUTE FUNCTION notify_account_change();
--> statement-breakpoint
-- A learner's progress row or graded attempt that went, moved to another row or lost watched seconds.
CREATE OR REPLACE FUNCTION notify_progress_loss() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('learnpack_cache', current_schema() || '/account:' || OLD.user_id);
  IF TG_OP = 'UPDATE' THEN
    PERFORM pg_notify('learnpack_cache', current_schema() || '/account:' || NEW.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER video_progress_account_update AFTER UPDATE ON video_progress FOR EACH ROW
  WHEN (NOT (OLD.by_admin AND NEW.by_admin) AND (OLD.user_id <> NEW.user_id OR OLD.video_id <> NEW.video_id
    OR OLD.by_admin <> NEW.by_admin OR NEW.watched_seconds < OLD.watched_seconds))
  EXECUTE FUNCTION notify_progress_loss();
--> statement-breakpoint
CREATE TRIGGER video_progress_account_delete AFTER DELETE ON video_progress FOR EACH ROW WHEN (NOT OLD.by_admin)
  EXECUTE FUNCTION notify_progress_loss();
--> statement-breakpoint
CREATE TRIGGER mcq_attempts_account_update AFTER UPDATE OF user_id, sub_topic_id, score, total_marks, passed, practice, attempted_at
  ON mcq_attempts FOR EACH ROW EXECUTE FUNCTION notify_progress_loss();
--> statement-breakpoint
CREATE TRIGGER mcq_attempts_account_delete AFTER DELETE ON mcq_attempts FOR EACH ROW WHEN (NOT OLD.practice)
  EXECUTE FUNCTION notify_progress_loss();
--> statement-breakpoint
-- A SCO's data can move either way (a SCO may report itself incomplete again): every learner's change reads again.
CREATE OR REPLACE FUNCTION notify_scorm_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    IF NOT NEW.by_admin THEN
      PERFORM pg_notify('learnpack_cache', current_schema() || '/account:' || NEW.user_id);
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' OR TG_OP = 'DELETE' THEN
    IF NOT OLD.by_admin THEN
      PERFORM pg_notify('learnpack_cache', current_schema() || '/account:' || OLD.user_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER scorm_cmi_account AFTER INSERT OR UPDATE OR DELETE ON scorm_cmi FOR EACH ROW EXECUTE FUNCTION notify_scorm_change();
--> statement-breakpoint
-- An assignment's settings or completion changing is the learner's own business (above), not the package's content:
-- moving every reader's tree validator on with each learner's completion made their next read a full 200.
DROP TRIGGER user_packages_update_content_version ON user_packages;
