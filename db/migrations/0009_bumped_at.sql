DROP INDEX "groups_public_recent_idx";--> statement-breakpoint
DROP INDEX "groups_category_recent_idx";--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "bumped_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "groups_public_created_idx" ON "groups" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE approved and hidden_at is null;--> statement-breakpoint
CREATE INDEX "groups_public_recent_idx" ON "groups" USING btree ("bumped_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE approved and hidden_at is null;--> statement-breakpoint
CREATE INDEX "groups_category_recent_idx" ON "groups" USING btree ("category_id","bumped_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE approved and hidden_at is null;