CREATE TABLE "scorm_cmi" (
	"user_id" integer NOT NULL,
	"sco_id" integer NOT NULL,
	"by_admin" boolean NOT NULL,
	"status" text NOT NULL,
	"success_status" text,
	"score_raw" double precision,
	"score_min" double precision,
	"score_max" double precision,
	"score_scaled" double precision,
	"location" text DEFAULT '' NOT NULL,
	"suspend_data" text DEFAULT '' NOT NULL,
	"exit" text DEFAULT '' NOT NULL,
	"total_seconds" double precision DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "scorm_cmi_user_id_sco_id_by_admin_pk" PRIMARY KEY("user_id","sco_id","by_admin")
);
--> statement-breakpoint
CREATE TABLE "scorm_files" (
	"package_id" integer NOT NULL,
	"path" text NOT NULL,
	"file_key" text NOT NULL,
	CONSTRAINT "scorm_files_package_id_path_pk" PRIMARY KEY("package_id","path")
);
--> statement-breakpoint
CREATE TABLE "scorm_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"sub_topic_id" integer NOT NULL,
	"title" text NOT NULL,
	"edition" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scorm_scos" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"position" integer NOT NULL,
	"identifier" text NOT NULL,
	"title" text NOT NULL,
	"href" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scorm_cmi" ADD CONSTRAINT "scorm_cmi_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_cmi" ADD CONSTRAINT "scorm_cmi_sco_id_scorm_scos_id_fk" FOREIGN KEY ("sco_id") REFERENCES "scorm_scos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_files" ADD CONSTRAINT "scorm_files_package_id_scorm_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "scorm_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_files" ADD CONSTRAINT "scorm_files_file_key_stored_files_key_fk" FOREIGN KEY ("file_key") REFERENCES "stored_files"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_packages" ADD CONSTRAINT "scorm_packages_sub_topic_id_sub_topics_id_fk" FOREIGN KEY ("sub_topic_id") REFERENCES "sub_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_scos" ADD CONSTRAINT "scorm_scos_package_id_scorm_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "scorm_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scorm_cmi_sco_idx" ON "scorm_cmi" USING btree ("sco_id");--> statement-breakpoint
CREATE INDEX "scorm_files_key_idx" ON "scorm_files" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "scorm_packages_sub_topic_idx" ON "scorm_packages" USING btree ("sub_topic_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scorm_scos_package_identifier" ON "scorm_scos" USING btree ("package_id","identifier");--> statement-breakpoint
-- Hand-written: a package added to or removed from a sub-topic moves its package's content version on (the tree's
-- ETag), with the videos' trigger function (it reads only sub_topic_id).
CREATE TRIGGER scorm_packages_insert_content_version AFTER INSERT ON scorm_packages REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_videos();
--> statement-breakpoint
CREATE TRIGGER scorm_packages_update_content_version AFTER UPDATE ON scorm_packages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_videos();
--> statement-breakpoint
CREATE TRIGGER scorm_packages_delete_content_version AFTER DELETE ON scorm_packages REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version_from_videos();
