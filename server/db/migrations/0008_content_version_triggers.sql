-- Every write under a package moves packages.content_version on, in the writer's own transaction: the validator
-- (ETag) of the package's cached reads and the key of the server's tree cache (docs/architecture.md#decisions-and-why). Triggers catch every
-- writer, present and future. Child tables use statement-level triggers with transition tables, so an import of
-- thousands of rows costs one UPDATE of the package row per statement, not one per row.
CREATE OR REPLACE FUNCTION bump_own_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.content_version IS NOT DISTINCT FROM OLD.content_version THEN
    NEW.content_version := OLD.content_version + 1;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER packages_content_version BEFORE UPDATE ON packages FOR EACH ROW EXECUTE FUNCTION bump_own_content_version();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_content_version_from_skills() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE packages SET content_version = content_version + 1 WHERE id IN (SELECT r.package_id FROM new_rows r);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE packages SET content_version = content_version + 1 WHERE id IN (SELECT r.package_id FROM old_rows r);
  ELSE
    UPDATE packages SET content_version = content_version + 1 WHERE id IN (SELECT r.package_id FROM new_rows r UNION SELECT r.package_id FROM old_rows r);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER skills_insert_content_version AFTER INSERT ON skills REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_skills();
--> statement-breakpoint
CREATE TRIGGER skills_update_content_version AFTER UPDATE ON skills REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_skills();
--> statement-breakpoint
CREATE TRIGGER skills_delete_content_version AFTER DELETE ON skills REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_skills();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_content_version_from_user_packages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE packages SET content_version = content_version + 1 WHERE id IN (SELECT r.package_id FROM new_rows r);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE packages SET content_version = content_version + 1 WHERE id IN (SELECT r.package_id FROM old_rows r);
  ELSE
    UPDATE packages SET content_version = content_version + 1 WHERE id IN (SELECT r.package_id FROM new_rows r UNION SELECT r.package_id FROM old_rows r);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_packages_insert_content_version AFTER INSERT ON user_packages REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_user_packages();
--> statement-breakpoint
CREATE TRIGGER user_packages_update_content_version AFTER UPDATE ON user_packages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_user_packages();
--> statement-breakpoint
CREATE TRIGGER user_packages_delete_content_version AFTER DELETE ON user_packages REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_user_packages();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_content_version_from_topics() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE packages SET content_version = content_version + 1 WHERE id IN (SELECT sk.package_id FROM new_rows r JOIN skills sk ON sk.id = r.skill_id);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE packages SET content_version = content_version + 1 WHERE id IN (SELECT sk.package_id FROM old_rows r JOIN skills sk ON sk.id = r.skill_id);
  ELSE
    UPDATE packages SET content_version = content_version + 1 WHERE id IN (SELECT sk.package_id FROM new_rows r JOIN skills sk ON sk.id = r.skill_id UNION SELECT sk.package_id FROM old_rows r JOIN skills sk ON sk.id = r.skill_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER topics_insert_content_version AFTER INSERT ON topics REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_topics();
--> statement-breakpoint
CREATE TRIGGER topics_update_content_version AFTER UPDATE ON topics REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_topics();
--> statement-breakpoint
CREATE TRIGGER topics_delete_content_version AFTER DELETE ON topics REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_topics();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_content_version_from_sub_topics() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE packages SET content_version = content_version + 1 WHERE id IN (SELECT sk.package_id FROM new_rows r JOIN topics t ON t.id = r.topic_id JOIN skills sk ON sk.id = t.skill_id);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE packages SET content_version = content_version + 1 WHERE id IN (SELECT sk.package_id FROM old_rows r JOIN topics t ON t.id = r.topic_id JOIN skills sk ON sk.id = t.skill_id);
  ELSE
    UPDATE packages SET content_version = content_version + 1 WHERE id IN (SELECT sk.package_id FROM new_rows r JOIN topics t ON t.id = r.topic_id JOIN skills sk ON sk.id = t.skill_id UNION SELECT sk.package_id FROM old_rows r JOIN topics t ON t.id = r.topic_id JOIN skills sk ON sk.id = t.skill_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sub_topics_insert_content_version AFTER INSERT ON sub_topics REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_sub_topics();
--> statement-breakpoint
CREATE TRIGGER sub_topics_update_content_version AFTER UPDATE ON sub_topics REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_sub_topics();
--> statement-breakpoint
CREATE TRIGGER sub_topics_delete_content_version AFTER DELETE ON sub_topics REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_sub_topics();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_content_version_from_videos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE packages SET content_version = content_version + 1 WHERE id IN (SELECT sk.package_id FROM new_rows r JOIN sub_topics st ON st.id = r.sub_topic_id JOIN topics t ON t.id = st.topic_id JOIN skills sk ON sk.id = t.skill_id);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE packages SET content_version = content_version + 1 WHERE id IN (SELECT sk.package_id FROM old_rows r JOIN sub_topics st ON st.id = r.sub_topic_id JOIN topics t ON t.id = st.topic_id JOIN skills sk ON sk.id = t.skill_id);
  ELSE
    UPDATE packages SET content_version = content_version + 1 WHERE id IN (SELECT sk.package_id FROM new_rows r JOIN sub_topics st ON st.id = r.sub_topic_id JOIN topics t ON t.id = st.topic_id JOIN skills sk ON sk.id = t.skill_id UNION SELECT sk.package_id FROM old_rows r JOIN sub_topics st ON st.id = r.sub_topic_id JOIN topics t ON t.id = st.topic_id JOIN skills sk ON sk.id = t.skill_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER videos_insert_content_version AFTER INSERT ON videos REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_videos();
--> statement-breakpoint
CREATE TRIGGER videos_update_content_version AFTER UPDATE ON videos REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_videos();
--> statement-breakpoint
CREATE TRIGGER videos_delete_content_version AFTER DELETE ON videos REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_videos();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_content_version_from_study_materials() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE packages SET content_version = content_version + 1 WHERE id IN (SELECT sk.package_id FROM new_rows r JOIN sub_topics st ON st.id = r.sub_topic_id JOIN topics t ON t.id = st.topic_id JOIN skills sk ON sk.id = t.skill_id);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE packages SET content_version = content_version + 1 WHERE id IN (SELECT sk.package_id FROM old_rows r JOIN sub_topics st ON st.id = r.sub_topic_id JOIN topics t ON t.id = st.topic_id JOIN skills sk ON sk.id = t.skill_id);
  ELSE
    UPDATE packages SET content_version = content_version + 1 WHERE id IN (SELECT sk.package_id FROM new_rows r JOIN sub_topics st ON st.id = r.sub_topic_id JOIN topics t ON t.id = st.topic_id JOIN skills sk ON sk.id = t.skill_id UNION SELECT sk.package_id FROM old_rows r JOIN sub_topics st ON st.id = r.sub_topic_id JOIN topics t ON t.id = st.topic_id JOIN skills sk ON sk.id = t.skill_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER study_materials_insert_content_version AFTER INSERT ON study_materials REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_study_materials();
--> statement-breakpoint
CREATE TRIGGER study_materials_update_content_version AFTER UPDATE ON study_materials REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_study_materials();
--> statement-breakpoint
CREATE TRIGGER study_materials_delete_content_version AFTER DELETE ON study_materials REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_study_materials();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_content_version_from_mcqs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE packages SET content_version = content_version + 1 WHERE id IN (SELECT sk.package_id FROM new_rows r JOIN sub_topics st ON st.id = r.sub_topic_id JOIN topics t ON t.id = st.topic_id JOIN skills sk ON sk.id = t.skill_id);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE packages SET content_version = content_version + 1 WHERE id IN (SELECT sk.package_id FROM old_rows r JOIN sub_topics st ON st.id = r.sub_topic_id JOIN topics t ON t.id = st.topic_id JOIN skills sk ON sk.id = t.skill_id);
  ELSE
    UPDATE packages SET content_version = content_version + 1 WHERE id IN (SELECT sk.package_id FROM new_rows r JOIN sub_topics st ON st.id = r.sub_topic_id JOIN topics t ON t.id = st.topic_id JOIN skills sk ON sk.id = t.skill_id UNION SELECT sk.package_id FROM old_rows r JOIN sub_topics st ON st.id = r.sub_topic_id JOIN topics t ON t.id = st.topic_id JOIN skills sk ON sk.id = t.skill_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER mcqs_insert_content_version AFTER INSERT ON mcqs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_mcqs();
--> statement-breakpoint
CREATE TRIGGER mcqs_update_content_version AFTER UPDATE ON mcqs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_mcqs();
--> statement-breakpoint
CREATE TRIGGER mcqs_delete_content_version AFTER DELETE ON mcqs REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_mcqs();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_content_version_from_test_settings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE packages SET content_version = content_version + 1 WHERE id IN (SELECT sk.package_id FROM new_rows r JOIN sub_topics st ON st.id = r.sub_topic_id JOIN topics t ON t.id = st.topic_id JOIN skills sk ON sk.id = t.skill_id);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE packages SET content_version = content_version + 1 WHERE id IN (SELECT sk.package_id FROM old_rows r JOIN sub_topics st ON st.id = r.sub_topic_id JOIN topics t ON t.id = st.topic_id JOIN skills sk ON sk.id = t.skill_id);
  ELSE
    UPDATE packages SET content_version = content_version + 1 WHERE id IN (SELECT sk.package_id FROM new_rows r JOIN sub_topics st ON st.id = r.sub_topic_id JOIN topics t ON t.id = st.topic_id JOIN skills sk ON sk.id = t.skill_id UNION SELECT sk.package_id FROM old_rows r JOIN sub_topics st ON st.id = r.sub_topic_id JOIN topics t ON t.id = st.topic_id JOIN skills sk ON sk.id = t.skill_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER test_settings_insert_content_version AFTER INSERT ON test_settings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_test_settings();
--> statement-breakpoint
CREATE TRIGGER test_settings_update_content_version AFTER UPDATE ON test_settings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_test_settings();
--> statement-breakpoint
CREATE TRIGGER test_settings_delete_content_version AFTER DELETE ON test_settings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_test_settings();
