CREATE TABLE "search_term_trigrams" (
	"trigram" text NOT NULL,
	"term" text NOT NULL,
	CONSTRAINT "search_term_trigrams_trigram_term_pk" PRIMARY KEY("trigram","term")
);
--> statement-breakpoint
DROP INDEX "search_terms_trgm_idx";--> statement-breakpoint
ALTER TABLE "search_term_trigrams" ADD CONSTRAINT "search_term_trigrams_term_search_terms_term_fk" FOREIGN KEY ("term") REFERENCES "public"."search_terms"("term") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Typo correction looks words up by trigram in this table instead of pg_trgm's GIN index: the `%`
-- operator (and `<->`) hangs PGlite at 100% CPU about every other process when cube is loaded too;
-- show_trgm() and similarity() do not (docs/architecture.md). Every word added to search_terms
-- gets its trigrams here, whichever writer adds it.
CREATE FUNCTION search_term_added() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_term_trigrams (trigram, term)
  SELECT DISTINCT g, NEW.term FROM unnest(show_trgm(NEW.term)) AS g
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_terms_trigrams
AFTER INSERT ON search_terms
FOR EACH ROW EXECUTE FUNCTION search_term_added();
--> statement-breakpoint
INSERT INTO search_term_trigrams (trigram, term)
SELECT DISTINCT g, t.term FROM search_terms t, unnest(show_trgm(t.term)) AS g
ON CONFLICT DO NOTHING;
