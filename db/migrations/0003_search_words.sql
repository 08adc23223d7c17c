CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"groups" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "groups_public_title_fts_idx";--> statement-breakpoint
CREATE INDEX "groups_public_title_vector_idx" ON "groups" USING gin (ts_filter("search_vector", '{a}')) WHERE approved and hidden_at is null;--> statement-breakpoint
-- Statistics of the title lexemes (an expression): without them the planner guesses 0.5% of the rows
-- for any word ('brasil': 2,295 estimated, 67,648 real at 500k), and search counts what it could
-- have estimated (docs/decisions/0004).
CREATE STATISTICS "groups_title_lexemes_stats" ON (ts_filter("search_vector", '{a}')) FROM "groups";--> statement-breakpoint
DROP INDEX "groups_title_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The searchable words of a text: unaccented first (so lower() needs no locale), lower case, split on
-- anything but letters and digits, 3 to 40 characters, each once.
CREATE FUNCTION search_words_of(text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT coalesce(array_agg(DISTINCT w ORDER BY w), '{}')
    FROM regexp_split_to_table(lower(public.immutable_unaccent($1)), '[^[:alnum:]]+') AS w
    WHERE length(w) BETWEEN 3 AND 40
  $$;--> statement-breakpoint
-- Add (delta 1) or remove (delta -1) the words of some titles. Rows are touched in word order, so two
-- transactions changing the same words cannot deadlock; words no group uses any more are dropped.
CREATE FUNCTION search_words_change(titles text[], delta integer) RETURNS void
  LANGUAGE plpgsql SET search_path = public
  AS $$
  BEGIN
    INSERT INTO search_words AS s (word, groups)
      SELECT w, count(*)::integer * delta
      FROM unnest(titles) AS t, unnest(search_words_of(t)) AS w
      GROUP BY w ORDER BY w
      ON CONFLICT (word) DO UPDATE SET groups = s.groups + excluded.groups;
    IF delta < 0 THEN
      DELETE FROM search_words
      WHERE groups <= 0 AND word IN (SELECT unnest(search_words_of(t)) FROM unnest(titles) AS t);
    END IF;
  END
  $$;--> statement-breakpoint
-- Only public groups (approved, not hidden) lend their words. Inserts and deletes are handled once per
-- statement (bulk imports), title and visibility changes per row; click counters never fire these.
CREATE FUNCTION groups_search_words() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM search_words_change(ARRAY(SELECT title FROM added WHERE approved AND hidden_at IS NULL), 1);
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM search_words_change(ARRAY(SELECT title FROM removed WHERE approved AND hidden_at IS NULL), -1);
    ELSIF TG_OP = 'UPDATE' THEN
      IF OLD.approved AND OLD.hidden_at IS NULL THEN PERFORM search_words_change(ARRAY[OLD.title], -1); END IF;
      IF NEW.approved AND NEW.hidden_at IS NULL THEN PERFORM search_words_change(ARRAY[NEW.title], 1); END IF;
    ELSE -- TRUNCATE
      DELETE FROM search_words;
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER groups_search_words_insert AFTER INSERT ON groups
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION groups_search_words();--> statement-breakpoint
CREATE TRIGGER groups_search_words_delete AFTER DELETE ON groups
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION groups_search_words();--> statement-breakpoint
CREATE TRIGGER groups_search_words_update AFTER UPDATE OF title, approved, hidden_at ON groups
  FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.approved IS DISTINCT FROM NEW.approved
        OR (OLD.hidden_at IS NULL) IS DISTINCT FROM (NEW.hidden_at IS NULL))
  EXECUTE FUNCTION groups_search_words();--> statement-breakpoint
CREATE TRIGGER groups_search_words_truncate AFTER TRUNCATE ON groups
  FOR EACH STATEMENT EXECUTE FUNCTION groups_search_words();--> statement-breakpoint
SELECT search_words_change(ARRAY(SELECT title FROM groups WHERE approved AND hidden_at IS NULL), 1);
