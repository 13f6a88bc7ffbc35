CREATE TABLE "cms_pages" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"position" integer NOT NULL,
	"definition_qualified_name" text NOT NULL,
	"display_names" jsonb NOT NULL,
	"pagelets" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facet_groups" (
	"key" text PRIMARY KEY NOT NULL,
	"names" jsonb NOT NULL,
	"kind" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facet_values" (
	"id" text PRIMARY KEY NOT NULL,
	"group_key" text NOT NULL,
	"value" text NOT NULL,
	"names" jsonb NOT NULL,
	"sort_number" bigint
);
--> statement-breakpoint
CREATE TABLE "product_promotions" (
	"sku" text NOT NULL,
	"promotion_id" text NOT NULL,
	CONSTRAINT "product_promotions_sku_promotion_id_pk" PRIMARY KEY("sku","promotion_id")
);
--> statement-breakpoint
CREATE TABLE "product_search" (
	"sku" text PRIMARY KEY NOT NULL,
	"facets" text[] NOT NULL,
	"en_us" "tsvector" NOT NULL,
	"de_de" "tsvector" NOT NULL,
	"fr_fr" "tsvector" NOT NULL,
	"pl_pl" "tsvector" NOT NULL,
	"ro_ro" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_warranties" (
	"sku" text NOT NULL,
	"warranty_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "product_warranties_sku_warranty_id_pk" PRIMARY KEY("sku","warranty_id")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" text PRIMARY KEY NOT NULL,
	"titles" jsonb NOT NULL,
	"long_titles" jsonb NOT NULL,
	"rule_descriptions" jsonb NOT NULL,
	"legal_content" jsonb NOT NULL,
	"code" text,
	"rule" jsonb NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_keywords" (
	"locale" text NOT NULL,
	"keyword" text NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "search_keywords_locale_keyword_pk" PRIMARY KEY("locale","keyword")
);
--> statement-breakpoint
CREATE TABLE "search_redirects" (
	"term" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warranties" (
	"id" text PRIMARY KEY NOT NULL,
	"names" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL,
	"years" integer NOT NULL,
	"prices" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_items" ADD COLUMN "warranty_id" text;--> statement-breakpoint
CREATE INDEX "cms_pages_parent_idx" ON "cms_pages" USING btree ("parent_id","position");--> statement-breakpoint
CREATE INDEX "facet_values_group_idx" ON "facet_values" USING btree ("group_key");--> statement-breakpoint
CREATE INDEX "product_search_facets_idx" ON "product_search" USING gin ("facets");--> statement-breakpoint
CREATE INDEX "product_search_en_idx" ON "product_search" USING gin ("en_us");--> statement-breakpoint
CREATE INDEX "product_search_de_idx" ON "product_search" USING gin ("de_de");--> statement-breakpoint
CREATE INDEX "product_search_fr_idx" ON "product_search" USING gin ("fr_fr");--> statement-breakpoint
CREATE INDEX "product_search_pl_idx" ON "product_search" USING gin ("pl_pl");--> statement-breakpoint
CREATE INDEX "product_search_ro_idx" ON "product_search" USING gin ("ro_ro");--> statement-breakpoint
CREATE INDEX "search_keywords_prefix_idx" ON "search_keywords" USING btree ("locale","keyword" text_pattern_ops);