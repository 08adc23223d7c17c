CREATE SEQUENCE "public"."legal_notice_protocol_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "legal_notice_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"notice_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"protocol" text DEFAULT ('JUR-' || extract(year from now() at time zone 'America/Sao_Paulo')::int || '-' || to_char(nextval('legal_notice_protocol_seq'), 'FM9999999999999000000')) NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"group_id" uuid,
	"group_title" text NOT NULL,
	"group_url" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"description" text NOT NULL,
	"address_hash" text NOT NULL,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"email_confirmed_at" timestamp with time zone,
	"hid_group_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decision_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_notices_protocol_unique" UNIQUE("protocol"),
	CONSTRAINT "legal_notices_confirm_token_hash_unique" UNIQUE("confirm_token_hash")
);
--> statement-breakpoint
ALTER TABLE "legal_notice_events" ADD CONSTRAINT "legal_notice_events_notice_id_legal_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."legal_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_notice_events" ADD CONSTRAINT "legal_notice_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_notices" ADD CONSTRAINT "legal_notices_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_notices" ADD CONSTRAINT "legal_notices_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legal_notice_events_notice_idx" ON "legal_notice_events" USING btree ("notice_id","created_at");--> statement-breakpoint
CREATE INDEX "legal_notices_pending_idx" ON "legal_notices" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "legal_notices_group_idx" ON "legal_notices" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "legal_notices_decided_idx" ON "legal_notices" USING btree ("decided_at" DESC NULLS LAST) WHERE status <> 'pending';