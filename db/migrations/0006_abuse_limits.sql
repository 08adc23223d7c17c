CREATE TABLE "revoked_sessions" (
	"jti_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_reports" ADD COLUMN "address_hash" text;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "reports_kept_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sessions_valid_after" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "revoked_sessions_expires_idx" ON "revoked_sessions" USING btree ("expires_at");