CREATE TABLE "group_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" uuid,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category_id" integer NOT NULL,
	"image" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	CONSTRAINT "group_revisions_status_check" CHECK ("group_revisions"."status" in ('pending','approved','rejected'))
);
--> statement-breakpoint
CREATE TABLE "group_slug_history" (
	"category_id" integer NOT NULL,
	"title_slug" text NOT NULL,
	"group_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_slug_history_category_id_title_slug_pk" PRIMARY KEY("category_id","title_slug")
);
--> statement-breakpoint
ALTER TABLE "feature_orders" DROP CONSTRAINT "feature_orders_group_id_groups_id_fk";
--> statement-breakpoint
ALTER TABLE "feature_orders" ALTER COLUMN "group_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "type" text DEFAULT 'group' NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "followers" integer;--> statement-breakpoint
ALTER TABLE "group_revisions" ADD CONSTRAINT "group_revisions_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_revisions" ADD CONSTRAINT "group_revisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_revisions" ADD CONSTRAINT "group_revisions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_revisions" ADD CONSTRAINT "group_revisions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_slug_history" ADD CONSTRAINT "group_slug_history_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_slug_history" ADD CONSTRAINT "group_slug_history_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_revisions_pending_key" ON "group_revisions" USING btree ("group_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "group_revisions_status_idx" ON "group_revisions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "group_slug_history_group_idx" ON "group_slug_history" USING btree ("group_id");--> statement-breakpoint
ALTER TABLE "feature_orders" ADD CONSTRAINT "feature_orders_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;