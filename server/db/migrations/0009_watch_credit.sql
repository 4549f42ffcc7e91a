CREATE TABLE "watch_credit" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"seconds" double precision NOT NULL,
	"heartbeats" double precision NOT NULL,
	"refilled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watch_credit" ADD CONSTRAINT "watch_credit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;
