CREATE TABLE "ad_settings" (
	"id" text PRIMARY KEY DEFAULT 'default' NOT NULL,
	"cards_per_ad" integer DEFAULT 8 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "whatsapp_title" text;--> statement-breakpoint
-- #45: an ad without a picture is never active; the ones that were wait, inactive, for their picture.
UPDATE "advertisements" SET "active" = false WHERE "active" AND "image" IS NULL;--> statement-breakpoint
-- #45: the category's name with its accent, as 'Vídeos de …' beside it; the slug (its address) stays.
UPDATE "categories" SET "name" = 'Vídeos em Geral' WHERE "slug" = 'videos-em-geral' AND "name" = 'Videos em Geral';--> statement-breakpoint
ALTER TABLE "advertisements" ADD CONSTRAINT "advertisements_active_image_check" CHECK (not "advertisements"."active" or "advertisements"."image" is not null);