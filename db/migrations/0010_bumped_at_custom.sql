-- groups.bumped_at is when a group was last put on top of the date-ordered lists. Existing groups were
-- listed when they were created: one UPDATE (the triggers on groups watch other columns, and
-- updated_at is left alone, so no page is rendered again for it).
UPDATE groups SET bumped_at = created_at WHERE bumped_at IS DISTINCT FROM created_at;
--> statement-breakpoint
-- A new group is listed at its creation, whoever inserts it (submission, seed, CSV import with its own
-- dates): only the owner's free bump moves bumped_at later.
CREATE FUNCTION groups_listed_at_creation() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.bumped_at := NEW.created_at;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER groups_listed_at_creation BEFORE INSERT ON groups
  FOR EACH ROW EXECUTE FUNCTION groups_listed_at_creation();
