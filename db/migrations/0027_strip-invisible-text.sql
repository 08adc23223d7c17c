-- Text stored before #46 may hold bidi controls (U+202E shows 'txt.exe' as 'exe.txt') and zero-width
-- characters; src/lib/text.ts now removes them from every input. The same characters go from what is
-- stored (an emoji's zero-width joiner U+200D and variation selectors stay). Page cacheKeys digest the
-- rendered data, so the changed pages are rebuilt.
UPDATE "groups" SET "title" = regexp_replace("title", E'[\u00AD\u061C\u115F\u1160\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\u3164\uFEFF\uFFA0]', '', 'g') WHERE "title" ~ E'[\u00AD\u061C\u115F\u1160\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\u3164\uFEFF\uFFA0]';
--> statement-breakpoint
UPDATE "groups" SET "description" = regexp_replace("description", E'[\u00AD\u061C\u115F\u1160\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\u3164\uFEFF\uFFA0]', '', 'g') WHERE "description" ~ E'[\u00AD\u061C\u115F\u1160\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\u3164\uFEFF\uFFA0]';
--> statement-breakpoint
UPDATE "group_revisions" SET "title" = regexp_replace("title", E'[\u00AD\u061C\u115F\u1160\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\u3164\uFEFF\uFFA0]', '', 'g') WHERE "title" ~ E'[\u00AD\u061C\u115F\u1160\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\u3164\uFEFF\uFFA0]';
--> statement-breakpoint
UPDATE "group_revisions" SET "description" = regexp_replace("description", E'[\u00AD\u061C\u115F\u1160\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\u3164\uFEFF\uFFA0]', '', 'g') WHERE "description" ~ E'[\u00AD\u061C\u115F\u1160\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\u3164\uFEFF\uFFA0]';
--> statement-breakpoint
UPDATE "group_revisions" SET "reason" = regexp_replace("reason", E'[\u00AD\u061C\u115F\u1160\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\u3164\uFEFF\uFFA0]', '', 'g') WHERE "reason" ~ E'[\u00AD\u061C\u115F\u1160\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\u3164\uFEFF\uFFA0]';
--> statement-breakpoint
UPDATE "users" SET "name" = regexp_replace("name", E'[\u00AD\u061C\u115F\u1160\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\u3164\uFEFF\uFFA0]', '', 'g') WHERE "name" ~ E'[\u00AD\u061C\u115F\u1160\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\u3164\uFEFF\uFFA0]';
--> statement-breakpoint
UPDATE "legal_notices" SET "name" = regexp_replace("name", E'[\u00AD\u061C\u115F\u1160\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\u3164\uFEFF\uFFA0]', '', 'g') WHERE "name" ~ E'[\u00AD\u061C\u115F\u1160\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\u3164\uFEFF\uFFA0]';
--> statement-breakpoint
UPDATE "legal_notices" SET "description" = regexp_replace("description", E'[\u00AD\u061C\u115F\u1160\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\u3164\uFEFF\uFFA0]', '', 'g') WHERE "description" ~ E'[\u00AD\u061C\u115F\u1160\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\u3164\uFEFF\uFFA0]';
--> statement-breakpoint
UPDATE "legal_notices" SET "decision_reason" = regexp_replace("decision_reason", E'[\u00AD\u061C\u115F\u1160\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\u3164\uFEFF\uFFA0]', '', 'g') WHERE "decision_reason" ~ E'[\u00AD\u061C\u115F\u1160\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\u3164\uFEFF\uFFA0]';
--> statement-breakpoint
UPDATE "legal_notices" SET "group_title" = regexp_replace("group_title", E'[\u00AD\u061C\u115F\u1160\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\u3164\uFEFF\uFFA0]', '', 'g') WHERE "group_title" ~ E'[\u00AD\u061C\u115F\u1160\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\u3164\uFEFF\uFFA0]';
--> statement-breakpoint
UPDATE "group_reports" SET "description" = regexp_replace("description", E'[\u00AD\u061C\u115F\u1160\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\u3164\uFEFF\uFFA0]', '', 'g') WHERE "description" ~ E'[\u00AD\u061C\u115F\u1160\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\u3164\uFEFF\uFFA0]';
--> statement-breakpoint
UPDATE "advertisements" SET "title" = regexp_replace("title", E'[\u00AD\u061C\u115F\u1160\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\u3164\uFEFF\uFFA0]', '', 'g') WHERE "title" ~ E'[\u00AD\u061C\u115F\u1160\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\u3164\uFEFF\uFFA0]';
--> statement-breakpoint
UPDATE "advertisements" SET "description" = regexp_replace("description", E'[\u00AD\u061C\u115F\u1160\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\u3164\uFEFF\uFFA0]', '', 'g') WHERE "description" ~ E'[\u00AD\u061C\u115F\u1160\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\u3164\uFEFF\uFFA0]';
