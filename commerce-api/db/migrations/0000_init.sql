CREATE TABLE "api_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"anonymous" boolean NOT NULL,
	"user_id" uuid,
	"refresh_token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "baskets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner" text NOT NULL,
	"user_id" uuid,
	"customer_no" text,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"unique_id" text PRIMARY KEY NOT NULL,
	"segment" text NOT NULL,
	"parent_id" text,
	"level" integer NOT NULL,
	"position" integer NOT NULL,
	"names" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL,
	"online" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_includes" (
	"id" text PRIMARY KEY NOT NULL,
	"definition_qualified_name" text NOT NULL,
	"display_names" jsonb NOT NULL,
	"pagelets" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"customer_no" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"company_name" text,
	"company_name2" text,
	"taxation_id" text,
	"industry" text,
	"description" text,
	"budget_price_type" text DEFAULT 'gross' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventories" (
	"sku" text PRIMARY KEY NOT NULL,
	"stock" integer NOT NULL,
	"always_in_stock" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"basket_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"sku" text NOT NULL,
	"currency" text NOT NULL,
	"list_net" bigint NOT NULL,
	"list_gross" bigint NOT NULL,
	"sale_net" bigint NOT NULL,
	"sale_gross" bigint NOT NULL,
	"scaled" jsonb NOT NULL,
	CONSTRAINT "prices_sku_currency_pk" PRIMARY KEY("sku","currency")
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"category_id" text NOT NULL,
	"sku" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "product_categories_category_id_sku_pk" PRIMARY KEY("category_id","sku")
);
--> statement-breakpoint
CREATE TABLE "product_links" (
	"sku" text NOT NULL,
	"link_type" text NOT NULL,
	"target_sku" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "product_links_sku_link_type_target_sku_pk" PRIMARY KEY("sku","link_type","target_sku")
);
--> statement-breakpoint
CREATE TABLE "product_parts" (
	"owner_sku" text NOT NULL,
	"part_sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "product_parts_owner_sku_part_sku_pk" PRIMARY KEY("owner_sku","part_sku")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"sku" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"master_sku" text,
	"names" jsonb NOT NULL,
	"short_descriptions" jsonb NOT NULL,
	"long_descriptions" jsonb NOT NULL,
	"manufacturer" text NOT NULL,
	"manufacturer_sku" text,
	"default_category_id" text NOT NULL,
	"min_order_quantity" integer DEFAULT 1 NOT NULL,
	"max_order_quantity" integer,
	"step_quantity" integer DEFAULT 1 NOT NULL,
	"packing_unit" text DEFAULT '' NOT NULL,
	"attributes" jsonb NOT NULL,
	"variation_attributes" jsonb,
	"attachments" jsonb NOT NULL,
	"ready_for_shipment_min" integer,
	"ready_for_shipment_max" integer,
	"rating" integer,
	"image_style" integer NOT NULL,
	"online" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_no" text NOT NULL,
	"login" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"title" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"preferred_language" text NOT NULL,
	"roles" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_items" ADD CONSTRAINT "line_items_basket_id_baskets_id_fk" FOREIGN KEY ("basket_id") REFERENCES "public"."baskets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_refresh_idx" ON "api_tokens" USING btree ("refresh_token");--> statement-breakpoint
CREATE INDEX "baskets_owner_idx" ON "baskets" USING btree ("owner","status","updated_at");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id","position");--> statement-breakpoint
CREATE INDEX "line_items_basket_idx" ON "line_items" USING btree ("basket_id","position");--> statement-breakpoint
CREATE INDEX "product_categories_order_idx" ON "product_categories" USING btree ("category_id","position");--> statement-breakpoint
CREATE INDEX "product_parts_part_idx" ON "product_parts" USING btree ("part_sku");--> statement-breakpoint
CREATE INDEX "products_master_idx" ON "products" USING btree ("master_sku");--> statement-breakpoint
CREATE UNIQUE INDEX "users_login_idx" ON "users" USING btree (lower("login"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree (lower("email"));