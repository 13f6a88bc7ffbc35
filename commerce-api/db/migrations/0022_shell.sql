CREATE TABLE "cms_preview_contexts" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"valid_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cms_view_context_content" (
	"view_context" text NOT NULL,
	"context_kind" text NOT NULL,
	"context_id" text NOT NULL,
	"pagelets" jsonb NOT NULL,
	CONSTRAINT "cms_view_context_content_view_context_context_kind_context_id_pk" PRIMARY KEY("view_context","context_kind","context_id")
);
