CREATE TABLE "group_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"notice_id" uuid,
	"note" text,
	"placed_by" uuid,
	"placed_by_email" text,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" uuid,
	"lifted_by_email" text,
	"lift_reason" text
);
--> statement-breakpoint
ALTER TABLE "legal_notices" ADD COLUMN "past_cap_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_holds" ADD CONSTRAINT "group_holds_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_holds" ADD CONSTRAINT "group_holds_notice_id_legal_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."legal_notices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_holds" ADD CONSTRAINT "group_holds_placed_by_users_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_holds" ADD CONSTRAINT "group_holds_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_holds_group_idx" ON "group_holds" USING btree ("group_id","placed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "group_holds_active_key" ON "group_holds" USING btree ("group_id","reason",coalesce("notice_id"::text, case when "reason" = 'court_order' then "note" end, '')) WHERE lifted_at is null;