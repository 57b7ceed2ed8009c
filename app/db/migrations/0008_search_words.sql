-- The catalogue's vocabulary (search_words) for correcting misspelt search terms: every word of
-- products.search_text, added whenever products are written. Words of deleted products stay: a
-- stale word only corrects a typo to a term that then finds nothing.

CREATE FUNCTION products_add_search_words() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT word
      FROM written_products, regexp_split_to_table(written_products.search_text, ' ') AS word
      WHERE word <> ''
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint

-- Once per statement: a bulk load of products adds its words in one insert.
CREATE TRIGGER products_inserted_add_search_words
  AFTER INSERT ON products
  REFERENCING NEW TABLE AS written_products
  FOR EACH STATEMENT EXECUTE FUNCTION products_add_search_words();--> statement-breakpoint

CREATE TRIGGER products_updated_add_search_words
  AFTER UPDATE ON products
  REFERENCING NEW TABLE AS written_products
  FOR EACH STATEMENT EXECUTE FUNCTION products_add_search_words();--> statement-breakpoint

INSERT INTO search_words (word)
  SELECT DISTINCT word FROM products, regexp_split_to_table(products.search_text, ' ') AS word
  WHERE word <> ''
  ON CONFLICT DO NOTHING;
