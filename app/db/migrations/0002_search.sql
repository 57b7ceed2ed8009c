-- Catalogue search: full-text search with Italian stemming that ignores accents, plus trigram
-- typo tolerance. products.search_vector and products.search_text are kept up to date by the
-- triggers below (on products and on product_variants, whose colour names are searchable), so
-- application code never writes them.

-- Italian stemming after stripping accents: "perché" and "perche" give the same lexeme.
CREATE TEXT SEARCH CONFIGURATION italian_unaccent (COPY = pg_catalog.italian);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION italian_unaccent
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, italian_stem;--> statement-breakpoint

-- unaccent() is only STABLE (its dictionary could change), so it cannot appear in an index.
-- Fully qualified so that it works under any search_path (index builds, restores).
CREATE FUNCTION immutable_unaccent(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, input) $$;--> statement-breakpoint

CREATE FUNCTION products_search_refresh() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  colour_names text;
BEGIN
  SELECT coalesce(string_agg(DISTINCT color_name, ' '), '') INTO colour_names
    FROM product_variants
    WHERE product_id = NEW.id;

  NEW.search_vector :=
    setweight(to_tsvector('italian_unaccent', concat_ws(' ', NEW.name, NEW.subcategory, NEW.brand)), 'A') ||
    setweight(to_tsvector('italian_unaccent', concat_ws(' ', NEW.gender, colour_names, array_to_string(NEW.tags, ' '))), 'B') ||
    setweight(to_tsvector('italian_unaccent', concat_ws(' ', NEW.description, NEW.composition)), 'C');

  -- Distinct unaccented lowercase words, for similarity searches on misspelt terms.
  SELECT coalesce(string_agg(DISTINCT word, ' '), '') INTO NEW.search_text
    FROM regexp_split_to_table(
      lower(immutable_unaccent(concat_ws(' ', NEW.name, NEW.brand, NEW.subcategory, NEW.gender, colour_names, array_to_string(NEW.tags, ' ')))),
      '[^a-z0-9-]+'
    ) AS word
    WHERE word <> '';

  RETURN NEW;
END
$$;--> statement-breakpoint

CREATE TRIGGER products_search_refresh
  BEFORE INSERT OR UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_refresh();--> statement-breakpoint

-- Variants added or removed in bulk: one update per affected product, once per statement.
CREATE FUNCTION product_variants_refresh_search() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  -- Any update of a product row makes products_search_refresh() read its colours again.
  UPDATE products SET search_text = NULL
    WHERE id IN (SELECT product_id FROM changed_variants);
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER product_variants_inserted_refresh_search
  AFTER INSERT ON product_variants
  REFERENCING NEW TABLE AS changed_variants
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_refresh_search();--> statement-breakpoint

CREATE TRIGGER product_variants_deleted_refresh_search
  AFTER DELETE ON product_variants
  REFERENCING OLD TABLE AS changed_variants
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_refresh_search();--> statement-breakpoint

-- Row level with a WHEN condition so that stock updates, by far the most frequent, cost nothing.
CREATE FUNCTION product_variant_renamed_refresh_search() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE products SET search_text = NULL
    WHERE id IN (OLD.product_id, NEW.product_id);
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER product_variants_renamed_refresh_search
  AFTER UPDATE OF color_name, product_id ON product_variants
  FOR EACH ROW
  WHEN (OLD.color_name IS DISTINCT FROM NEW.color_name OR OLD.product_id IS DISTINCT FROM NEW.product_id)
  EXECUTE FUNCTION product_variant_renamed_refresh_search();
