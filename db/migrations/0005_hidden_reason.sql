ALTER TABLE "groups" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
-- Groups hidden before the column existed were all hidden by reports or an admin.
UPDATE "groups" SET "hidden_reason" = 'reports' WHERE "hidden_at" IS NOT NULL;
