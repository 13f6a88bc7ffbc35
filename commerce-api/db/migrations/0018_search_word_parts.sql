CREATE TABLE "search_word_parts" (
	"locale" text NOT NULL,
	"part" text NOT NULL,
	"word" text NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "search_word_parts_locale_part_word_pk" PRIMARY KEY("locale","part","word")
);
--> statement-breakpoint
CREATE INDEX "search_word_parts_prefix_idx" ON "search_word_parts" USING btree ("locale","part" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_word_parts_trgm_idx" ON "search_word_parts" USING gist ("part" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_vocabulary_prefix_idx" ON "search_vocabulary" USING btree ("locale","word" text_pattern_ops);