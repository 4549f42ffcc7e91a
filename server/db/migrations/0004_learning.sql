CREATE TABLE "comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"comment" text NOT NULL,
	"rating" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_rating_range" CHECK ("comments"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "mcq_attempt_answers" (
	"attempt_id" integer NOT NULL,
	"mcq_id" integer NOT NULL,
	"chosen" text NOT NULL,
	"correct" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mcq_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sub_topic_id" integer NOT NULL,
	"attempt_number" integer NOT NULL,
	"score" integer NOT NULL,
	"total_marks" integer NOT NULL,
	"submission_id" text,
	"attempted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"package_id" integer,
	"skill_id" integer,
	"presentation_rating" integer NOT NULL,
	"rating" integer NOT NULL,
	"review_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_one_target" CHECK (("reviews"."package_id" is null) <> ("reviews"."skill_id" is null)),
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."presentation_rating" between 1 and 5 and "reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcq_attempt_answers" ADD CONSTRAINT "mcq_attempt_answers_attempt_id_mcq_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "mcq_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcq_attempt_answers" ADD CONSTRAINT "mcq_attempt_answers_mcq_id_mcqs_id_fk" FOREIGN KEY ("mcq_id") REFERENCES "mcqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcq_attempts" ADD CONSTRAINT "mcq_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcq_attempts" ADD CONSTRAINT "mcq_attempts_sub_topic_id_sub_topics_id_fk" FOREIGN KEY ("sub_topic_id") REFERENCES "sub_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_video_idx" ON "comments" USING btree ("video_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mcq_attempt_answers_unique" ON "mcq_attempt_answers" USING btree ("attempt_id","mcq_id");--> statement-breakpoint
CREATE INDEX "mcq_attempt_answers_mcq_idx" ON "mcq_attempt_answers" USING btree ("mcq_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mcq_attempts_number_unique" ON "mcq_attempts" USING btree ("user_id","sub_topic_id","attempt_number");--> statement-breakpoint
CREATE UNIQUE INDEX "mcq_attempts_submission_unique" ON "mcq_attempts" USING btree ("user_id","submission_id","sub_topic_id");--> statement-breakpoint
CREATE INDEX "mcq_attempts_sub_topic_idx" ON "mcq_attempts" USING btree ("sub_topic_id","attempted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_user_package_unique" ON "reviews" USING btree ("user_id","package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_user_skill_unique" ON "reviews" USING btree ("user_id","skill_id");--> statement-breakpoint
CREATE INDEX "reviews_package_idx" ON "reviews" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "reviews_skill_idx" ON "reviews" USING btree ("skill_id");