-- product_search and category_listing are derived data (db/search-index.ts): emptied here, rebuilt at start-up.
DELETE FROM "product_search";--> statement-breakpoint
CREATE TABLE "category_listing" (
	"category_id" text NOT NULL,
	"position" integer NOT NULL,
	"sku" text NOT NULL,
	"facets" text[] NOT NULL,
	"gross_eur" bigint,
	"gross_usd" bigint,
	"gross_pln" bigint,
	"gross_ron" bigint,
	"net_eur" bigint,
	"net_usd" bigint,
	"net_pln" bigint,
	"net_ron" bigint,
	"sort_names" jsonb NOT NULL,
	CONSTRAINT "category_listing_category_id_position_sku_pk" PRIMARY KEY("category_id","position","sku")
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "gross_eur" bigint;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "gross_usd" bigint;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "gross_pln" bigint;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "gross_ron" bigint;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "net_eur" bigint;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "net_usd" bigint;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "net_pln" bigint;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "net_ron" bigint;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "sort_names" jsonb NOT NULL;