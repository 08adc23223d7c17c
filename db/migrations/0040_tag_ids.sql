DROP INDEX "groups_listed_category_idx";--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
-- groups.tag_ids mirrors group_tags (sorted ids), whoever writes it: an owner's or an admin's edit, a
-- tag merge, a CSV import, the seed, a cascade. One statement-level trigger per event rewrites the
-- arrays of the groups it touched (a merge of thousands of rows is one UPDATE, not one per row).
CREATE FUNCTION group_tags_mirror() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public
  AS $$
  BEGIN
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      UPDATE groups g SET tag_ids = ARRAY(SELECT gt.tag_id FROM group_tags gt WHERE gt.group_id = g.id ORDER BY gt.tag_id)
      WHERE g.id IN (SELECT group_id FROM added);
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      UPDATE groups g SET tag_ids = ARRAY(SELECT gt.tag_id FROM group_tags gt WHERE gt.group_id = g.id ORDER BY gt.tag_id)
      WHERE g.id IN (SELECT group_id FROM removed);
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER group_tags_mirror_insert AFTER INSERT ON group_tags
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION group_tags_mirror();--> statement-breakpoint
CREATE TRIGGER group_tags_mirror_delete AFTER DELETE ON group_tags
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION group_tags_mirror();--> statement-breakpoint
CREATE TRIGGER group_tags_mirror_update AFTER UPDATE ON group_tags
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION group_tags_mirror();--> statement-breakpoint
UPDATE groups g SET tag_ids = t.ids
  FROM (SELECT group_id, array_agg(tag_id ORDER BY tag_id) AS ids FROM group_tags GROUP BY group_id) t
  WHERE g.id = t.group_id;--> statement-breakpoint
CREATE INDEX "groups_listed_tags_idx" ON "groups" USING gin ("tag_ids") WITH (fastupdate=false) WHERE approved and hidden_at is null;
