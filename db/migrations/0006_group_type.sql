ALTER TABLE "groups" ADD COLUMN "type" text DEFAULT 'group' NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "followers" integer;