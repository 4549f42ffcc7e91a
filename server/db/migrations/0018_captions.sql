CREATE TABLE "captions" (
	"id" serial PRIMARY KEY NOT NULL,
	"video_id" integer NOT NULL,
	"language" text NOT NULL,
	"label" text NOT NULL,
	"kind" text NOT NULL,
	"file_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "captions_kind_check" CHECK ("captions"."kind" in ('captions', 'subtitles'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "captions_language" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "captions_on" boolean;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "playback_rate" double precision;--> statement-breakpoint
ALTER TABLE "captions" ADD CONSTRAINT "captions_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captions" ADD CONSTRAINT "captions_file_key_stored_files_key_fk" FOREIGN KEY ("file_key") REFERENCES "stored_files"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "captions_video_language_kind_unique" ON "captions" USING btree ("video_id","language","kind");--> statement-breakpoint
-- Hand-written: a caption track added, replaced or removed moves its package's content version on (the tree's ETag).
CREATE OR REPLACE FUNCTION bump_content_version_from_captions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE packages SET content_version = content_version + 1 WHERE id IN (SELECT sk.package_id FROM new_rows r JOIN videos v ON v.id = r.video_id JOIN sub_topics st ON st.id = v.sub_topic_id JOIN topics t ON t.id = st.topic_id JOIN skills sk ON sk.id = t.skill_id);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE packages SET content_version = content_version + 1 WHERE id IN (SELECT sk.package_id FROM old_rows r JOIN videos v ON v.id = r.video_id JOIN sub_topics st ON st.id = v.sub_topic_id JOIN topics t ON t.id = st.topic_id JOIN skills sk ON sk.id = t.skill_id);
  ELSE
    UPDATE packages SET content_version = content_version + 1 WHERE id IN (SELECT sk.package_id FROM new_rows r JOIN videos v ON v.id = r.video_id JOIN sub_topics st ON st.id = v.sub_topic_id JOIN topics t ON t.id = st.topic_id JOIN skills sk ON sk.id = t.skill_id UNION SELECT sk.package_id FROM old_rows r JOIN videos v ON v.id = r.video_id JOIN sub_topics st ON st.id = v.sub_topic_id JOIN topics t ON t.id = st.topic_id JOIN skills sk ON sk.id = t.skill_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER captions_insert_content_version AFTER INSERT ON captions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_captions();
--> statement-breakpoint
CREATE TRIGGER captions_update_content_version AFTER UPDATE ON captions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_captions();
--> statement-breakpoint
CREATE TRIGGER captions_delete_content_version AFTER DELETE ON captions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_captions();
