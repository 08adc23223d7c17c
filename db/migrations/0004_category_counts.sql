ALTER TABLE "categories" ADD COLUMN "public_groups" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Public (approved, visible) groups per category, kept by triggers: list totals become a lookup instead
-- of counting hundreds of thousands of rows (34 ms at 500k groups). Rows are updated in id order, so
-- two transactions cannot deadlock on them.
CREATE FUNCTION category_counts_change(category_ids integer[], delta integer) RETURNS void
  LANGUAGE plpgsql SET search_path = public
  AS $$
  DECLARE changed record;
  BEGIN
    FOR changed IN
      SELECT id, count(*)::integer AS n FROM unnest(category_ids) AS id GROUP BY id ORDER BY id
    LOOP
      UPDATE categories SET public_groups = public_groups + changed.n * delta WHERE id = changed.id;
    END LOOP;
  END
  $$;--> statement-breakpoint
CREATE FUNCTION groups_category_counts() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM category_counts_change(ARRAY(SELECT category_id FROM added WHERE approved AND hidden_at IS NULL), 1);
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM category_counts_change(ARRAY(SELECT category_id FROM removed WHERE approved AND hidden_at IS NULL), -1);
    ELSIF TG_OP = 'UPDATE' THEN
      IF OLD.approved AND OLD.hidden_at IS NULL THEN PERFORM category_counts_change(ARRAY[OLD.category_id], -1); END IF;
      IF NEW.approved AND NEW.hidden_at IS NULL THEN PERFORM category_counts_change(ARRAY[NEW.category_id], 1); END IF;
    ELSE -- TRUNCATE
      UPDATE categories SET public_groups = 0;
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER groups_category_counts_insert AFTER INSERT ON groups
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION groups_category_counts();--> statement-breakpoint
CREATE TRIGGER groups_category_counts_delete AFTER DELETE ON groups
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION groups_category_counts();--> statement-breakpoint
CREATE TRIGGER groups_category_counts_update AFTER UPDATE OF approved, hidden_at, category_id ON groups
  FOR EACH ROW
  WHEN (OLD.approved IS DISTINCT FROM NEW.approved OR OLD.category_id IS DISTINCT FROM NEW.category_id
        OR (OLD.hidden_at IS NULL) IS DISTINCT FROM (NEW.hidden_at IS NULL))
  EXECUTE FUNCTION groups_category_counts();--> statement-breakpoint
CREATE TRIGGER groups_category_counts_truncate AFTER TRUNCATE ON groups
  FOR EACH STATEMENT EXECUTE FUNCTION groups_category_counts();--> statement-breakpoint
UPDATE categories c SET public_groups =
  (SELECT count(*) FROM groups g WHERE g.category_id = c.id AND g.approved AND g.hidden_at IS NULL);
