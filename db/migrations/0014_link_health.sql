CREATE TABLE "link_check_state" (
	"id" text PRIMARY KEY DEFAULT 'default' NOT NULL,
	"paused_until" timestamp with time zone,
	"rate_limited_runs" integer DEFAULT 0 NOT NULL,
	"last_run_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_reports" DROP CONSTRAINT "group_reports_reason_check";--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "link_status" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "link_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "link_live_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "link_dead_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "link_dead_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "groups_link_rotation_idx" ON "groups" USING btree ("link_checked_at" NULLS FIRST,"id") WHERE approved and hidden_at is null;--> statement-breakpoint
CREATE INDEX "groups_link_suspect_idx" ON "groups" USING btree ("link_dead_at") WHERE link_dead_count > 0 and approved and hidden_at is null;--> statement-breakpoint
CREATE INDEX "groups_dead_link_idx" ON "groups" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE hidden_reason = 'dead_link';--> statement-breakpoint
ALTER TABLE "group_reports" ADD CONSTRAINT "group_reports_reason_check" CHECK ("group_reports"."reason" in ('inappropriate_content','spam','scam','illegal','underage','duplicate','other','broken_link'));