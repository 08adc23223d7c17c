ALTER TABLE "engagement_events" ADD COLUMN "network_hash" text;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "rank_score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "trend_score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "groups_public_score_idx" ON "groups" USING btree ("rank_score" DESC NULLS LAST,"bumped_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE approved and hidden_at is null;--> statement-breakpoint
CREATE INDEX "groups_category_score_idx" ON "groups" USING btree ("category_id","rank_score" DESC NULLS LAST,"bumped_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE approved and hidden_at is null;--> statement-breakpoint
CREATE INDEX "groups_public_trend_idx" ON "groups" USING btree ("trend_score" DESC NULLS LAST,"rank_score" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE trend_score > 0 and approved and hidden_at is null;--> statement-breakpoint
CREATE INDEX "groups_ranked_idx" ON "groups" USING btree ("id") WHERE rank_score <> 0 or trend_score <> 0;