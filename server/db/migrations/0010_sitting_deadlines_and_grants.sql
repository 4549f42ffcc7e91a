CREATE TABLE "mcq_attempt_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sub_topic_id" integer NOT NULL,
	"granted_by" integer,
	"granted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mcq_attempt_grants" ADD CONSTRAINT "mcq_attempt_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcq_attempt_grants" ADD CONSTRAINT "mcq_attempt_grants_sub_topic_id_sub_topics_id_fk" FOREIGN KEY ("sub_topic_id") REFERENCES "sub_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcq_attempt_grants" ADD CONSTRAINT "mcq_attempt_grants_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mcq_attempt_grants_user_idx" ON "mcq_attempt_grants" USING btree ("user_id","sub_topic_id");--> statement-breakpoint
ALTER TABLE "mcq_sittings" ADD COLUMN "sub_topic_deadlines" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "mcq_sittings_open_deadline_idx" ON "mcq_sittings" USING btree ("deadline") WHERE "mcq_sittings"."graded_at" is null;
