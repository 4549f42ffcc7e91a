CREATE TABLE "certificate_settings" (
	"package_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"validity_months" integer,
	"renew_days_before" integer DEFAULT 30 NOT NULL,
	CONSTRAINT "certificate_settings_validity_check" CHECK ("certificate_settings"."validity_months" is null or "certificate_settings"."validity_months" >= 1),
	CONSTRAINT "certificate_settings_renew_check" CHECK ("certificate_settings"."renew_days_before" >= 0)
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"user_id" integer NOT NULL,
	"package_id" integer,
	"cycle" integer NOT NULL,
	"learner_name" text NOT NULL,
	"package_title" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	"revoked_by" integer,
	"renewal_started_at" timestamp with time zone,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "video_progress_history" (
	"user_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"cycle" integer NOT NULL,
	"position" double precision NOT NULL,
	"watched" jsonb NOT NULL,
	"watched_seconds" double precision NOT NULL,
	"last_heartbeat_at" timestamp with time zone NOT NULL,
	"archived_at" timestamp with time zone NOT NULL,
	CONSTRAINT "video_progress_history_user_id_video_id_cycle_pk" PRIMARY KEY("user_id","video_id","cycle")
);
--> statement-breakpoint
ALTER TABLE "user_packages" ADD COLUMN "cycle" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_packages" ADD COLUMN "cycle_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_packages" ADD COLUMN "recertify_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificate_settings" ADD CONSTRAINT "certificate_settings_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_progress_history" ADD CONSTRAINT "video_progress_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_progress_history" ADD CONSTRAINT "video_progress_history_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_code_unique" ON "certificates" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_cycle_unique" ON "certificates" USING btree ("user_id","package_id","cycle");--> statement-breakpoint
CREATE INDEX "certificates_package_idx" ON "certificates" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "certificates_renewal_idx" ON "certificates" USING btree ("expires_at") WHERE "certificates"."renewal_started_at" is null and "certificates"."revoked_at" is null;