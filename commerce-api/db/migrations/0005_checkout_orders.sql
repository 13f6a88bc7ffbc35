CREATE SEQUENCE "public"."order_document_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_no" text,
	"basket_id" uuid,
	"address_name" text,
	"company_name1" text,
	"company_name2" text,
	"title" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"address_line3" text,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"main_division" text,
	"country_code" text NOT NULL,
	"phone_home" text,
	"phone_mobile" text,
	"phone_business" text,
	"fax" text,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "basket_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"basket_id" uuid NOT NULL,
	"payment_method_id" text NOT NULL,
	"payment_instrument_id" uuid,
	"status" text DEFAULT 'Unprocessed' NOT NULL,
	"session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "basket_payments_basket_id_unique" UNIQUE("basket_id")
);
--> statement-breakpoint
CREATE TABLE "order_line_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"sku" text NOT NULL,
	"names" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"single_net" bigint NOT NULL,
	"single_gross" bigint NOT NULL,
	"total_net" bigint NOT NULL,
	"total_gross" bigint NOT NULL,
	"warranty_id" text,
	"desired_delivery" date,
	"json" jsonb NOT NULL,
	"fulfillment_status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_number" text NOT NULL,
	"basket_id" uuid NOT NULL,
	"owner" text NOT NULL,
	"user_id" uuid,
	"customer_no" text,
	"email" text,
	"currency" text NOT NULL,
	"locale" text NOT NULL,
	"status_code" text NOT NULL,
	"order_creation" text NOT NULL,
	"stop_action" jsonb,
	"payment_session_id" text,
	"payment_method_id" text NOT NULL,
	"grand_total_gross" bigint NOT NULL,
	"snapshot" jsonb NOT NULL,
	"approval_status" text,
	"approved_at" timestamp with time zone,
	"approver_name" text,
	"recurring_order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_document_number_unique" UNIQUE("document_number")
);
--> statement-breakpoint
CREATE TABLE "payment_instruments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_method_id" text NOT NULL,
	"customer_no" text,
	"user_id" uuid,
	"basket_id" uuid,
	"parameters" jsonb NOT NULL,
	"account_identifier" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"service_id" text NOT NULL,
	"position" integer NOT NULL,
	"names" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL,
	"capabilities" text[] NOT NULL,
	"costs" jsonb,
	"costs_threshold" jsonb,
	"max_total" jsonb,
	"parameter_definitions" jsonb NOT NULL,
	"save_allowed" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"basket_id" uuid NOT NULL,
	"order_id" uuid,
	"payment_method_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"page_url" text NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"failure_url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"names" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL,
	"costs" jsonb NOT NULL,
	"free_from" jsonb,
	"delivery_time_min" text NOT NULL,
	"delivery_time_max" text NOT NULL,
	"countries" text[]
);
--> statement-breakpoint
ALTER TABLE "baskets" ADD COLUMN "invoice_to_address_id" uuid;--> statement-breakpoint
ALTER TABLE "baskets" ADD COLUMN "common_ship_to_address_id" uuid;--> statement-breakpoint
ALTER TABLE "baskets" ADD COLUMN "shipping_method_id" text;--> statement-breakpoint
ALTER TABLE "baskets" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_basket_id_baskets_id_fk" FOREIGN KEY ("basket_id") REFERENCES "public"."baskets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_payments" ADD CONSTRAINT "basket_payments_basket_id_baskets_id_fk" FOREIGN KEY ("basket_id") REFERENCES "public"."baskets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_payments" ADD CONSTRAINT "basket_payments_payment_instrument_id_payment_instruments_id_fk" FOREIGN KEY ("payment_instrument_id") REFERENCES "public"."payment_instruments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_items" ADD CONSTRAINT "order_line_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_instruments" ADD CONSTRAINT "payment_instruments_basket_id_baskets_id_fk" FOREIGN KEY ("basket_id") REFERENCES "public"."baskets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_customer_idx" ON "addresses" USING btree ("customer_no","created_at");--> statement-breakpoint
CREATE INDEX "addresses_basket_idx" ON "addresses" USING btree ("basket_id");--> statement-breakpoint
CREATE INDEX "order_line_items_order_idx" ON "order_line_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_basket_idx" ON "orders" USING btree ("basket_id");--> statement-breakpoint
CREATE INDEX "orders_owner_idx" ON "orders" USING btree ("owner","created_at");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_no","created_at");--> statement-breakpoint
CREATE INDEX "payment_instruments_user_idx" ON "payment_instruments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payment_instruments_basket_idx" ON "payment_instruments" USING btree ("basket_id");--> statement-breakpoint
ALTER TABLE "baskets" ADD CONSTRAINT "baskets_invoice_to_address_id_addresses_id_fk" FOREIGN KEY ("invoice_to_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baskets" ADD CONSTRAINT "baskets_common_ship_to_address_id_addresses_id_fk" FOREIGN KEY ("common_ship_to_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;