CREATE TABLE "hold_appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hold_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" uuid,
	"text" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decided_by_email" text,
	"decision_reason" text
);
--> statement-breakpoint
ALTER TABLE "hold_appeals" ADD CONSTRAINT "hold_appeals_hold_id_group_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."group_holds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_appeals" ADD CONSTRAINT "hold_appeals_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_appeals" ADD CONSTRAINT "hold_appeals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_appeals" ADD CONSTRAINT "hold_appeals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hold_appeals_status_idx" ON "hold_appeals" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "hold_appeals_open_key" ON "hold_appeals" USING btree ("hold_id") WHERE status = 'open';