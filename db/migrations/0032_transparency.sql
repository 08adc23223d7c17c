CREATE TABLE "access_log_disclosures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator" text NOT NULL,
	"legal_basis" text NOT NULL,
	"criteria" text NOT NULL,
	"row_ids" bigint[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_log_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"placed_by" text NOT NULL,
	"email_hashes" text[] DEFAULT '{}'::text[] NOT NULL,
	"user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"refs" text[] DEFAULT '{}'::text[] NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"keep_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"released_by" text,
	"release_reason" text
);
--> statement-breakpoint
CREATE TABLE "transparency_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"detail" text,
	"automatic" boolean DEFAULT false NOT NULL,
	"reversed" boolean DEFAULT false NOT NULL,
	"subject" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transparency_reports" (
	"year" integer PRIMARY KEY NOT NULL,
	"report" text NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_logs" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "access_logs" ALTER COLUMN "email_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "access_logs" ALTER COLUMN "ip_encrypted" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "access_logs" ADD COLUMN "key_id" text DEFAULT 'legacy' NOT NULL;--> statement-breakpoint
ALTER TABLE "access_logs" ADD COLUMN "ref" text;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "featuring_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "legal_notices" ADD COLUMN "declaration_version" text;--> statement-breakpoint
ALTER TABLE "legal_notices" ADD COLUMN "declaration_text" text;--> statement-breakpoint
ALTER TABLE "legal_notices" ADD COLUMN "authority_reported_on" date;--> statement-breakpoint
ALTER TABLE "legal_notices" ADD COLUMN "authority_agency" text;--> statement-breakpoint
ALTER TABLE "legal_notices" ADD COLUMN "authority_protocol" text;--> statement-breakpoint
CREATE INDEX "transparency_events_kind_at_idx" ON "transparency_events" USING btree ("kind","at");--> statement-breakpoint
CREATE INDEX "access_logs_ref_idx" ON "access_logs" USING btree ("ref") WHERE ref is not null;--> statement-breakpoint
-- Custom part (#41). Access logs: legal notices are logged too.
ALTER TABLE "access_logs" DROP CONSTRAINT "access_logs_event_check";
--> statement-breakpoint
ALTER TABLE "access_logs" ADD CONSTRAINT "access_logs_event_check" CHECK ("event" in ('register','login','logout','password_reset','email_change','group_submit','group_edit','checkout','data_export','account_delete','legal_notice'));
--> statement-breakpoint
-- Every notice received so far was sent with the declaration's first (and only) wording, ticked.
UPDATE "legal_notices" SET "declaration_version" = '1', "declaration_text" = 'Declaro que as informações desta denúncia são verdadeiras e que sei que uma denúncia falsa pode ter consequências legais.' WHERE "declaration_text" IS NULL;
--> statement-breakpoint
-- The transparency report's facts from what the database still holds (groups deleted before this kept none).
INSERT INTO "transparency_events" ("kind", "detail", "at")
SELECT 'report_received', "reason", "created_at" FROM "group_reports";
--> statement-breakpoint
INSERT INTO "transparency_events" ("kind", "detail", "automatic", "at")
SELECT 'hold_placed', "reason", "placed_by_email" IS NULL, "placed_at" FROM "group_holds";
--> statement-breakpoint
INSERT INTO "transparency_events" ("kind", "detail", "automatic", "reversed", "at")
SELECT 'hold_lifted', "reason", "placed_by_email" IS NULL, coalesce("lift_reason", '') NOT LIKE 'Revisado:%', "lifted_at"
FROM "group_holds" WHERE "lifted_at" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "transparency_events" ("kind", "detail", "at")
SELECT 'appeal_filed', h."reason", a."created_at" FROM "hold_appeals" a JOIN "group_holds" h ON h."id" = a."hold_id";
--> statement-breakpoint
INSERT INTO "transparency_events" ("kind", "detail", "at")
SELECT 'appeal_decided', "status", "decided_at" FROM "hold_appeals" WHERE "status" <> 'open' AND "decided_at" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "transparency_events" ("kind", "subject", "at")
SELECT 'ad_active', "id"::text, "created_at" FROM "advertisements" WHERE "active";
