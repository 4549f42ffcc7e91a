-- A home answer showing a package not started (server/user/home-cache.ts) changes on the learner's progress only when
-- the package's roll-up leaves 0 %. Growing progress stays without NOTIFY (migration 0020); these triggers name the
-- learner ('account:<user>') on the two writes that can start a package where the learner had nothing counted:
-- - their first learner progress row in the package (an INSERT: the heartbeat's upsert updating its row fires no
--   INSERT trigger). A package holding rows of theirs and still at 0 % is kept behind a progress stamp instead.
-- - a passed test attempt (practice never counts; a failed attempt adds nothing to the roll-up).
-- SCORM data already notifies on every change (migration 0020).
CREATE OR REPLACE FUNCTION notify_first_video_progress() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1
      FROM video_progress vp
      JOIN videos v ON v.id = vp.video_id
      JOIN sub_topics st ON st.id = v.sub_topic_id
      JOIN topics t ON t.id = st.topic_id
      JOIN skills s ON s.id = t.skill_id
     WHERE vp.user_id = NEW.user_id AND NOT vp.by_admin AND vp.video_id <> NEW.video_id
       AND s.package_id = (SELECT s2.package_id FROM videos v2 JOIN sub_topics st2 ON st2.id = v2.sub_topic_id
                             JOIN topics t2 ON t2.id = st2.topic_id JOIN skills s2 ON s2.id = t2.skill_id
                            WHERE v2.id = NEW.video_id)
  ) THEN
    PERFORM pg_notify('learnpack_cache', current_schema() || '/account:' || NEW.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER video_progress_account_first AFTER INSERT ON video_progress FOR EACH ROW WHEN (NOT NEW.by_admin)
  EXECUTE FUNCTION notify_first_video_progress();
--> statement-breakpoint
-- The new row's user, under the kind the trigger names.
CREATE OR REPLACE FUNCTION notify_user_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('learnpack_cache', current_schema() || '/' || TG_ARGV[0] || ':' || NEW.user_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER mcq_attempts_account_passed AFTER INSERT ON mcq_attempts FOR EACH ROW WHEN (NEW.passed AND NOT NEW.practice)
  EXECUTE FUNCTION notify_user_of_row('account');
--> statement-breakpoint
-- Reads that show attempts grade the sittings past their deadline first (server/attempts/expiry.ts); each instance
-- keeps the earliest deadline of the sittings still open and skips that query until it passes. A sitting opened with
-- a deadline (or reopened, or given an earlier one) names its user ('sitting:<user>'), so every instance looks again.
-- Untimed sittings never expire, and grading only closes sittings: neither notifies.
CREATE TRIGGER mcq_sittings_deadline_insert AFTER INSERT ON mcq_sittings FOR EACH ROW
  WHEN (NEW.deadline IS NOT NULL AND NEW.graded_at IS NULL)
  EXECUTE FUNCTION notify_user_of_row('sitting');
--> statement-breakpoint
CREATE TRIGGER mcq_sittings_deadline_update AFTER UPDATE OF deadline, graded_at ON mcq_sittings FOR EACH ROW
  WHEN (NEW.deadline IS NOT NULL AND NEW.graded_at IS NULL
    AND (OLD.graded_at IS NOT NULL OR OLD.deadline IS NULL OR NEW.deadline < OLD.deadline))
  EXECUTE FUNCTION notify_user_of_row('sitting');
