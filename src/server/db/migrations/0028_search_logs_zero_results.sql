-- The admin search log's 'Zero results only' view: the searches that found nobody, newest first, paged
-- by (created_at, id). They are few among many, so the list's own index would walk every search to find
-- a page of them; this partial index holds only them, in the list's order, and serves their count too.
CREATE INDEX "search_logs_zero_results_idx" ON "search_logs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "search_logs"."result_count" = 0;
