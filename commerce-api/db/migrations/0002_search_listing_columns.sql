-- product_search is derived data (db/search-index.ts): emptied here, rebuilt at start-up.
DELETE FROM "product_search";--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "online" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "listed" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "master_sku" text;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "categories" text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "product_search_master_idx" ON "product_search" USING btree ("master_sku");