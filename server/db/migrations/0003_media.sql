CREATE TABLE "mcqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"sub_topic_id" integer NOT NULL,
	"question" text NOT NULL,
	"options" text NOT NULL,
	"correct_option" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"original_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"sub_topic_id" integer NOT NULL,
	"name" text NOT NULL,
	"file_key" text NOT NULL,
	"version" integer NOT NULL,
	"is_latest" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_views" (
	"video_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"sub_topic_id" integer NOT NULL,
	"title" text NOT NULL,
	"file_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"no_of_views" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mcqs" ADD CONSTRAINT "mcqs_sub_topic_id_sub_topics_id_fk" FOREIGN KEY ("sub_topic_id") REFERENCES "sub_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_materials" ADD CONSTRAINT "study_materials_sub_topic_id_sub_topics_id_fk" FOREIGN KEY ("sub_topic_id") REFERENCES "sub_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_materials" ADD CONSTRAINT "study_materials_file_key_stored_files_key_fk" FOREIGN KEY ("file_key") REFERENCES "stored_files"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_views" ADD CONSTRAINT "video_views_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_views" ADD CONSTRAINT "video_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_sub_topic_id_sub_topics_id_fk" FOREIGN KEY ("sub_topic_id") REFERENCES "sub_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_file_key_stored_files_key_fk" FOREIGN KEY ("file_key") REFERENCES "stored_files"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_thumbnail_key_stored_files_key_fk" FOREIGN KEY ("thumbnail_key") REFERENCES "stored_files"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mcqs_sub_topic_idx" ON "mcqs" USING btree ("sub_topic_id");--> statement-breakpoint
CREATE INDEX "study_materials_sub_topic_idx" ON "study_materials" USING btree ("sub_topic_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "video_views_once_per_hour" ON "video_views" USING btree ("video_id","user_id","hour");--> statement-breakpoint
CREATE INDEX "videos_sub_topic_idx" ON "videos" USING btree ("sub_topic_id");