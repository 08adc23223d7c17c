CREATE TABLE "access_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"email_hash" text NOT NULL,
	"event" text NOT NULL,
	"ip_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feature_orders" DROP CONSTRAINT "feature_orders_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "feature_orders" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "new_email" text;--> statement-breakpoint
CREATE INDEX "access_logs_email_idx" ON "access_logs" USING btree ("email_hash","created_at");--> statement-breakpoint
CREATE INDEX "access_logs_user_idx" ON "access_logs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "access_logs_created_idx" ON "access_logs" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "feature_orders" ADD CONSTRAINT "feature_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;