ALTER TABLE "users" ADD COLUMN "signed_out_everywhere_version" integer DEFAULT 0 NOT NULL;
