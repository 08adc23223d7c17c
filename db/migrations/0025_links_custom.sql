-- Link checks by due time (#33): every checked group keeps its place in the old rotation (its last
-- check plus a week, the old sweep at 100k), never-checked groups stay first (null), and the joins
-- counted so far are the baseline of "joins since the last check".
UPDATE "groups" SET "link_check_due_at" = "link_checked_at" + interval '7 days', "link_check_joins" = "cliques"
WHERE "link_checked_at" IS NOT NULL OR "cliques" > 0;
