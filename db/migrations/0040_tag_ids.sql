DROP INDEX "groups_listed_category_idx";--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "public_groups" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- groups.tag_ids mirrors group_tags (sorted ids) and tags.public_groups counts the public groups
-- (db/visibility.ts: approved, not held, not 18+) carrying each tag, whoever writes: an owner's or an
-- admin's edit, a tag merge, a CSV import, the seed, a cascade. A list by several tags intersects them
-- in one GIN index; GET /api/tags and a one-tag list read a number instead of grouping every tagged
-- group (0.8 s at 500k). Counts move in two places: here when a group's tags change, and in groups'
-- triggers below when a group becomes public or stops being. Tags are updated in id order, as
-- categories' counts are (0004): two transactions cannot deadlock on them.
CREATE FUNCTION tag_counts_change(gone integer[], came integer[]) RETURNS void
  LANGUAGE plpgsql SET search_path = public
  AS $$
  DECLARE changed record;
  BEGIN
    FOR changed IN
      SELECT id, sum(d)::integer AS n
      FROM (SELECT unnest(gone) AS id, -1 AS d UNION ALL SELECT unnest(came), 1) AS moves
      GROUP BY id HAVING sum(d) <> 0 ORDER BY id
    LOOP
      UPDATE tags SET public_groups = public_groups + changed.n WHERE id = changed.id;
    END LOOP;
  END
  $$;--> statement-breakpoint
CREATE FUNCTION group_is_public(is_approved boolean, held_at timestamptz, in_category integer) RETURNS boolean
  LANGUAGE sql STABLE SET search_path = public
  AS $$
  SELECT is_approved AND held_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM categories c WHERE c.id = in_category AND c.adult)
  $$;--> statement-breakpoint
-- The public groups' tags among `touched`, read by primary key (`= ANY`): a join with a transition
-- table may be planned, and cached, as a pass over every group.
CREATE FUNCTION public_tags_of(touched uuid[]) RETURNS integer[]
  LANGUAGE sql STABLE SET search_path = public
  AS $$
  SELECT ARRAY(SELECT unnest(g.tag_ids) FROM groups g
    WHERE g.id = ANY(touched) AND group_is_public(g.approved, g.hidden_at, g.category_id))
  $$;--> statement-breakpoint
-- One statement-level trigger per event: a merge of thousands of rows is one pass, not one per row.
-- The touched groups are locked first (in id order), so their tags read before and after the rewrite
-- are this transaction's alone; the counts' "before" is tag_ids as this trigger last wrote it (no other
-- code writes it). A group deleted with its tags is gone before its group_tags rows are:
-- groups' delete trigger counts it.
CREATE FUNCTION group_tags_mirror() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public
  AS $$
  DECLARE
    touched uuid[];
    before integer[];
  BEGIN
    IF TG_OP = 'INSERT' THEN
      touched := ARRAY(SELECT DISTINCT group_id FROM added);
    ELSIF TG_OP = 'DELETE' THEN
      touched := ARRAY(SELECT DISTINCT group_id FROM removed);
    ELSE
      touched := ARRAY(SELECT group_id FROM added UNION SELECT group_id FROM removed);
    END IF;
    PERFORM 1 FROM groups WHERE id = ANY(touched) ORDER BY id FOR UPDATE;
    before := public_tags_of(touched);
    -- A row whose ids did not change (an UPDATE of group_tags that moved nothing) keeps its version.
    UPDATE groups g SET tag_ids = ARRAY(SELECT gt.tag_id FROM group_tags gt WHERE gt.group_id = g.id ORDER BY gt.tag_id)
      WHERE g.id = ANY(touched)
        AND g.tag_ids IS DISTINCT FROM ARRAY(SELECT gt.tag_id FROM group_tags gt WHERE gt.group_id = g.id ORDER BY gt.tag_id);
    PERFORM tag_counts_change(before, public_tags_of(touched));
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER group_tags_mirror_insert AFTER INSERT ON group_tags
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION group_tags_mirror();--> statement-breakpoint
CREATE TRIGGER group_tags_mirror_delete AFTER DELETE ON group_tags
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION group_tags_mirror();--> statement-breakpoint
CREATE TRIGGER group_tags_mirror_update AFTER UPDATE ON group_tags
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION group_tags_mirror();--> statement-breakpoint
-- A group that becomes public (approved, its hold lifted, moved out of an 18+ category) counts for
-- its tags; one that stops being public stops counting. Deleted public groups stop counting.
CREATE FUNCTION groups_tag_counts() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public
  AS $$
  BEGIN
    IF TG_OP = 'DELETE' THEN
      PERFORM tag_counts_change(ARRAY(SELECT unnest(r.tag_ids) FROM removed r
        WHERE r.tag_ids <> '{}' AND group_is_public(r.approved, r.hidden_at, r.category_id)), '{}');
    ELSE
      PERFORM tag_counts_change(
        CASE WHEN group_is_public(OLD.approved, OLD.hidden_at, OLD.category_id) THEN OLD.tag_ids ELSE '{}' END,
        CASE WHEN group_is_public(NEW.approved, NEW.hidden_at, NEW.category_id) THEN NEW.tag_ids ELSE '{}' END);
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER groups_tag_counts_delete AFTER DELETE ON groups
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION groups_tag_counts();--> statement-breakpoint
CREATE TRIGGER groups_tag_counts_update AFTER UPDATE OF approved, hidden_at, category_id ON groups
  FOR EACH ROW
  WHEN ((OLD.tag_ids <> '{}' OR NEW.tag_ids <> '{}') AND (OLD.approved IS DISTINCT FROM NEW.approved
        OR OLD.category_id IS DISTINCT FROM NEW.category_id
        OR (OLD.hidden_at IS NULL) IS DISTINCT FROM (NEW.hidden_at IS NULL)))
  EXECUTE FUNCTION groups_tag_counts();--> statement-breakpoint
-- A category that becomes 18+ (or stops being) takes its public groups' tags down (or back up).
CREATE FUNCTION categories_tag_counts() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public
  AS $$
  DECLARE listed integer[] := ARRAY(SELECT unnest(g.tag_ids) FROM groups g
    WHERE g.category_id = NEW.id AND g.approved AND g.hidden_at IS NULL);
  BEGIN
    IF NEW.adult THEN PERFORM tag_counts_change(listed, '{}');
    ELSE PERFORM tag_counts_change('{}', listed);
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER categories_tag_counts AFTER UPDATE OF adult ON categories
  FOR EACH ROW WHEN (OLD.adult IS DISTINCT FROM NEW.adult) EXECUTE FUNCTION categories_tag_counts();--> statement-breakpoint
UPDATE groups g SET tag_ids = t.ids
  FROM (SELECT group_id, array_agg(tag_id ORDER BY tag_id) AS ids FROM group_tags GROUP BY group_id) t
  WHERE g.id = t.group_id;--> statement-breakpoint
UPDATE tags t SET public_groups = c.n
  FROM (SELECT gt.tag_id, count(*)::integer AS n FROM group_tags gt JOIN groups g ON g.id = gt.group_id
        WHERE group_is_public(g.approved, g.hidden_at, g.category_id) GROUP BY gt.tag_id) c
  WHERE t.id = c.tag_id;--> statement-breakpoint
CREATE INDEX "groups_listed_tags_idx" ON "groups" USING gin ("tag_ids") WITH (fastupdate=false) WHERE approved and hidden_at is null;
