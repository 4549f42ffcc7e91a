CREATE TABLE "group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "group_packages" (
	"group_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone,
	"due_days" integer,
	"reminder_days" jsonb DEFAULT '[7,1,-1]'::jsonb NOT NULL,
	CONSTRAINT "group_packages_group_id_package_id_pk" PRIMARY KEY("group_id","package_id"),
	CONSTRAINT "group_packages_due_days_check" CHECK ("group_packages"."due_days" is null or "group_packages"."due_days" >= 1)
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reminder_sends" (
	"user_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"offset_days" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reminder_sends_user_id_package_id_offset_days_pk" PRIMARY KEY("user_id","package_id","offset_days")
);
--> statement-breakpoint
ALTER TABLE "user_packages" ADD COLUMN "direct" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user_packages" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_packages" ADD COLUMN "due_days" integer;--> statement-breakpoint
ALTER TABLE "user_packages" ADD COLUMN "reminder_days" jsonb DEFAULT '[7,1,-1]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "user_packages" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminder_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_packages" ADD CONSTRAINT "group_packages_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_packages" ADD CONSTRAINT "group_packages_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_members_user_idx" ON "group_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "group_packages_package_idx" ON "group_packages" USING btree ("package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_name_unique" ON "groups" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
ALTER TABLE "user_packages" ADD CONSTRAINT "user_packages_due_days_check" CHECK ("user_packages"."due_days" is null or "user_packages"."due_days" >= 1);