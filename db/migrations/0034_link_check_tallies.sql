CREATE TABLE "link_check_tallies" (
	"hour" timestamp with time zone NOT NULL,
	"cause" text NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"dead" integer DEFAULT 0 NOT NULL,
	"inconclusive" integer DEFAULT 0 NOT NULL,
	"rate_limited" integer DEFAULT 0 NOT NULL,
	"stopped" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "link_check_tallies_hour_cause_pk" PRIMARY KEY("hour","cause")
);
--> statement-breakpoint
ALTER TABLE "link_check_state" DROP COLUMN "stats_day";--> statement-breakpoint
ALTER TABLE "link_check_state" DROP COLUMN "checks_today";--> statement-breakpoint
ALTER TABLE "link_check_state" DROP COLUMN "dead_today";--> statement-breakpoint
ALTER TABLE "link_check_state" DROP COLUMN "rate_limited_today";