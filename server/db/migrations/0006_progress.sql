CREATE TABLE "video_progress" (
	"user_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"by_admin" boolean NOT NULL,
	"position" double precision NOT NULL,
	"watched" jsonb NOT NULL,
	"watched_seconds" double precision NOT NULL,
	"last_heartbeat_at" timestamp with time zone NOT NULL,
	CONSTRAINT "video_progress_user_id_video_id_by_admin_pk" PRIMARY KEY("user_id","video_id","by_admin")
);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "duration_seconds" double precision;--> statement-breakpoint
ALTER TABLE "video_progress" ADD CONSTRAINT "video_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_progress" ADD CONSTRAINT "video_progress_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_progress_video_idx" ON "video_progress" USING btree ("video_id");