CREATE TABLE "mcq_sittings" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"set_key" text NOT NULL,
	"sub_topic_ids" jsonb NOT NULL,
	"mode" text NOT NULL,
	"questions" jsonb NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone,
	"answers_saved_at" timestamp with time zone,
	"graded_at" timestamp with time zone,
	"submission_id" text
);
--> statement-breakpoint
CREATE TABLE "test_settings" (
	"sub_topic_id" integer PRIMARY KEY NOT NULL,
	"pass_mark" integer DEFAULT 60 NOT NULL,
	"max_attempts" integer DEFAULT 0 NOT NULL,
	"time_limit_minutes" integer DEFAULT 0 NOT NULL,
	"shuffle_questions" boolean DEFAULT false NOT NULL,
	"shuffle_options" boolean DEFAULT false NOT NULL,
	"draw_count" integer DEFAULT 0 NOT NULL,
	"review_policy" text DEFAULT 'answers' NOT NULL,
	"review_after_last_attempt_only" boolean DEFAULT false NOT NULL,
	"scoring" text DEFAULT 'all_or_nothing' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_settings_pass_mark" CHECK ("test_settings"."pass_mark" between 0 and 100),
	CONSTRAINT "test_settings_max_attempts" CHECK ("test_settings"."max_attempts" >= 0),
	CONSTRAINT "test_settings_time_limit" CHECK ("test_settings"."time_limit_minutes" >= 0),
	CONSTRAINT "test_settings_draw_count" CHECK ("test_settings"."draw_count" >= 0)
);
--> statement-breakpoint
DROP INDEX "mcq_attempts_number_unique";--> statement-breakpoint
ALTER TABLE "mcq_attempts" ALTER COLUMN "score" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "mcq_attempts" ADD COLUMN "pass_mark" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "mcq_attempts" ADD COLUMN "passed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mcq_attempts" ADD COLUMN "late" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mcq_attempts" ADD COLUMN "practice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mcq_attempts" ADD COLUMN "sitting_id" text;--> statement-breakpoint
ALTER TABLE "mcqs" ADD COLUMN "explanation" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "content_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "mcq_sittings" ADD CONSTRAINT "mcq_sittings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_settings" ADD CONSTRAINT "test_settings_sub_topic_id_sub_topics_id_fk" FOREIGN KEY ("sub_topic_id") REFERENCES "sub_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mcq_sittings_open_unique" ON "mcq_sittings" USING btree ("user_id","set_key","mode") WHERE "mcq_sittings"."graded_at" is null;--> statement-breakpoint
CREATE INDEX "mcq_sittings_user_idx" ON "mcq_sittings" USING btree ("user_id","started_at");--> statement-breakpoint
ALTER TABLE "mcq_attempts" ADD CONSTRAINT "mcq_attempts_sitting_id_mcq_sittings_id_fk" FOREIGN KEY ("sitting_id") REFERENCES "mcq_sittings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mcq_attempts_sitting_unique" ON "mcq_attempts" USING btree ("sitting_id","sub_topic_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mcq_attempts_number_unique" ON "mcq_attempts" USING btree ("user_id","sub_topic_id","attempt_number") WHERE "mcq_attempts"."practice" = false;--> statement-breakpoint
UPDATE "mcq_attempts" SET "passed" = ("total_marks" > 0 AND "score" * 100 >= 60 * "total_marks");