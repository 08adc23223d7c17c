-- Issue #34: before this migration bumped_at moved only at creation (= created_at) and on the owner's
-- free bump, so a group whose bumped_at is past its creation was renewed at that moment.
UPDATE "groups" SET "renewed_at" = "bumped_at" WHERE "bumped_at" > "created_at" + interval '1 second';
