-- pg_trgm: trigram similarity for spelling correction (PGlite loads it in db/client.ts; PostgreSQL's contrib).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"locale" text NOT NULL,
	"group_id" integer NOT NULL,
	"phrase" text NOT NULL,
	"lexemes" text NOT NULL,
	CONSTRAINT "search_synonyms_locale_group_id_phrase_pk" PRIMARY KEY("locale","group_id","phrase")
);
--> statement-breakpoint
CREATE TABLE "search_vocabulary" (
	"locale" text NOT NULL,
	"word" text NOT NULL,
	"plain" text NOT NULL,
	"lexeme" text NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "search_vocabulary_locale_word_pk" PRIMARY KEY("locale","word")
);
--> statement-breakpoint
ALTER TABLE "category_listing" ADD COLUMN "brand" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "brand" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ean" text;--> statement-breakpoint
CREATE INDEX "search_vocabulary_lexeme_idx" ON "search_vocabulary" USING btree ("locale","lexeme");--> statement-breakpoint
CREATE INDEX "search_vocabulary_trgm_idx" ON "search_vocabulary" USING gist ("plain" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_search_codes_idx" ON "product_search" USING gin ("codes");--> statement-breakpoint
CREATE UNIQUE INDEX "products_ean_idx" ON "products" USING btree ("ean");