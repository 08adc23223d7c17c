-- Holds (#40): today's hidden groups become holds. A group a legal notice hid is held by each notice
-- that holds it (pending ones that hid it, upheld ones); the rest by the one reason hidden_reason names
-- (a hide without a reason was an admin's). hidden_at and hidden_reason keep their values.
INSERT INTO "group_holds" ("group_id", "reason", "notice_id", "placed_at")
SELECT n."group_id", 'legal_notice', n."id", coalesce(n."hid_group_at", n."decided_at", g."hidden_at")
FROM "legal_notices" n JOIN "groups" g ON g."id" = n."group_id"
WHERE g."hidden_at" IS NOT NULL
  AND ((n."status" = 'pending' AND n."hid_group_at" IS NOT NULL) OR n."status" = 'removed')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "group_holds" ("group_id", "reason", "placed_at")
SELECT g."id", coalesce(g."hidden_reason", 'admin'), g."hidden_at"
FROM "groups" g
WHERE g."hidden_at" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "group_holds" h WHERE h."group_id" = g."id")
ON CONFLICT DO NOTHING;
