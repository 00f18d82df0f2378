-- A search with a zip (or a map area) and words takes its candidates nearest first from this GiST
-- index. On the point alone, every provider nearer than the 251st match was read from the table to
-- test its document. With the document beside the point (a leaf keeps the document's lexeme
-- hashes) the scan tests the words in the index and reads only the documents that hold them.
-- Partial: only a statement that tests the point (and so proves it not null) can use it, so a
-- search without a place never scans the whole index for its words (the planner's estimate for a
-- test of the second column alone assumes it can). Measured at 100,000 providers on PGlite, 1,000
-- Zipf searches one at a time: 6.6 → 5.5 ms on average; text + zip 6.8 → 5.5 (p95 13.5 → 9.5).
DROP INDEX "provider_search_earth_idx";--> statement-breakpoint
CREATE INDEX "provider_search_earth_idx" ON "provider_search" USING gist ("earth_point","document") WHERE earth_point IS NOT NULL;
