DROP INDEX "groups_link_rotation_idx";--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "link_check_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "link_check_joins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "link_check_state" ADD COLUMN "interval_scale" double precision;--> statement-breakpoint
ALTER TABLE "link_check_state" ADD COLUMN "stats_day" date;--> statement-breakpoint
ALTER TABLE "link_check_state" ADD COLUMN "checks_today" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "link_check_state" ADD COLUMN "dead_today" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "link_check_state" ADD COLUMN "rate_limited_today" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "link_check_state" ADD COLUMN "last_rate_limited_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "groups_link_due_idx" ON "groups" USING btree ("link_check_due_at" NULLS FIRST,"id") WHERE approved and hidden_at is null;