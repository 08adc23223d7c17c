CREATE TABLE "order_refunds" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"requested_by" uuid,
	"provider" text NOT NULL,
	"provider_refund_id" text,
	"amount" numeric(10, 2) NOT NULL,
	"removed_seconds" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_source_check" CHECK ("order_refunds"."source" in ('owner','admin','provider'))
);
--> statement-breakpoint
ALTER TABLE "feature_orders" DROP CONSTRAINT "feature_orders_status_check";--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_feature_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."feature_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feature_orders_stripe_pi_idx" ON "feature_orders" USING btree ("stripe_payment_intent_id") WHERE stripe_payment_intent_id is not null;--> statement-breakpoint
ALTER TABLE "feature_orders" ADD CONSTRAINT "feature_orders_status_check" CHECK ("feature_orders"."status" in ('pending','paid','active','expired','cancelled','failed','refunded'));