CREATE TABLE "advertisements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"link" text NOT NULL,
	"image" text,
	"cliques" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"icon" text DEFAULT 'tag' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_name_unique" UNIQUE("name"),
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "engagement_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"visitor_hash" text NOT NULL,
	"day" date NOT NULL,
	"platform" text,
	"counted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"plan_id" integer NOT NULL,
	"order_date" timestamp with time zone DEFAULT now() NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"days" integer NOT NULL,
	"payment_method" text,
	"payment_id" text,
	"stripe_payment_intent_id" text,
	"stripe_client_secret" text,
	"metadata" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feature_orders_status_check" CHECK ("feature_orders"."status" in ('pending','paid','active','expired','cancelled','failed'))
);
--> statement-breakpoint
CREATE TABLE "feature_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"days" integer NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" uuid,
	"reason" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reporter_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"action_taken" text,
	CONSTRAINT "group_reports_reason_check" CHECK ("group_reports"."reason" in ('inappropriate_content','spam','scam','illegal','underage','duplicate','other'))
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"link" text NOT NULL,
	"invite_code" text NOT NULL,
	"category_id" integer NOT NULL,
	"title_slug" text NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"hidden_at" timestamp with time zone,
	"cliques" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"image" text,
	"featured" boolean DEFAULT false NOT NULL,
	"featured_until" timestamp with time zone,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('pt_unaccent'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('pt_unaccent'::regconfig, coalesce(description, '')), 'B')) STORED,
	CONSTRAINT "groups_invite_code_unique" UNIQUE("invite_code")
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"id" text PRIMARY KEY DEFAULT 'default' NOT NULL,
	"mercado_pago_access_token" text,
	"mercado_pago_webhook_secret" text,
	"mercado_pago_public_key" text,
	"stripe_secret_key" text,
	"stripe_public_key" text,
	"stripe_webhook_secret" text,
	"callback_url" text,
	"return_url" text,
	"mode" text DEFAULT 'sandbox' NOT NULL,
	"preferred_payment_method" text DEFAULT 'mercadopago' NOT NULL,
	"mercadopago_enabled" boolean DEFAULT true NOT NULL,
	"stripe_enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processed_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"order_id" uuid,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "pwa_settings" (
	"id" text PRIMARY KEY DEFAULT 'default' NOT NULL,
	"app_name" text NOT NULL,
	"description" text NOT NULL,
	"theme_color" text DEFAULT '#25D366' NOT NULL,
	"background_color" text DEFAULT '#FFFFFF' NOT NULL,
	"icon_192" text,
	"icon_512" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rebuild_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password" text NOT NULL,
	"admin" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advertisements" ADD CONSTRAINT "advertisements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_orders" ADD CONSTRAINT "feature_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_orders" ADD CONSTRAINT "feature_orders_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_orders" ADD CONSTRAINT "feature_orders_plan_id_feature_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."feature_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_reports" ADD CONSTRAINT "group_reports_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_reports" ADD CONSTRAINT "group_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_reports" ADD CONSTRAINT "group_reports_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advertisements_active_idx" ON "advertisements" USING btree ("active","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "engagement_events_visitor_day_key" ON "engagement_events" USING btree ("kind","target_id","day","visitor_hash");--> statement-breakpoint
CREATE INDEX "engagement_events_uncounted_idx" ON "engagement_events" USING btree ("id") WHERE not counted;--> statement-breakpoint
CREATE INDEX "engagement_events_day_idx" ON "engagement_events" USING btree ("kind","day");--> statement-breakpoint
CREATE INDEX "feature_orders_user_idx" ON "feature_orders" USING btree ("user_id","order_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "feature_orders_group_idx" ON "feature_orders" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "feature_orders_status_idx" ON "feature_orders" USING btree ("status","order_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "feature_orders_active_end_idx" ON "feature_orders" USING btree ("end_date") WHERE status = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "feature_orders_payment_key" ON "feature_orders" USING btree ("payment_method","payment_id") WHERE payment_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "group_reports_visitor_key" ON "group_reports" USING btree ("group_id","reporter_hash");--> statement-breakpoint
CREATE INDEX "group_reports_status_idx" ON "group_reports" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "groups_category_title_slug_key" ON "groups" USING btree ("category_id","title_slug");--> statement-breakpoint
CREATE INDEX "groups_public_recent_idx" ON "groups" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE approved and hidden_at is null;--> statement-breakpoint
CREATE INDEX "groups_public_popular_idx" ON "groups" USING btree ("cliques" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE approved and hidden_at is null;--> statement-breakpoint
CREATE INDEX "groups_category_recent_idx" ON "groups" USING btree ("category_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE approved and hidden_at is null;--> statement-breakpoint
CREATE INDEX "groups_category_popular_idx" ON "groups" USING btree ("category_id","cliques" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE approved and hidden_at is null;--> statement-breakpoint
CREATE INDEX "groups_category_title_idx" ON "groups" USING btree ("category_id","title","id") WHERE approved and hidden_at is null;--> statement-breakpoint
CREATE INDEX "groups_featured_idx" ON "groups" USING btree ("featured_until") WHERE featured and approved and hidden_at is null;--> statement-breakpoint
CREATE INDEX "groups_pending_idx" ON "groups" USING btree ("created_at" DESC NULLS LAST) WHERE not approved;--> statement-breakpoint
CREATE INDEX "groups_user_idx" ON "groups" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "groups_search_idx" ON "groups" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "groups_title_trgm_idx" ON "groups" USING gin (immutable_unaccent(lower("title")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rebuild_requests_status_idx" ON "rebuild_requests" USING btree ("status","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));