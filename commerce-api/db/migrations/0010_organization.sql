CREATE TABLE "cost_center_buyers" (
	"cost_center_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"budget" bigint,
	"budget_period" text,
	CONSTRAINT "cost_center_buyers_cost_center_id_user_id_pk" PRIMARY KEY("cost_center_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "cost_centers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_no" text NOT NULL,
	"cost_center_id" text NOT NULL,
	"name" text NOT NULL,
	"owner_id" uuid,
	"budget" bigint,
	"budget_period" text,
	"currency" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"locale" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "password_tokens" (
	"hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "baskets" ADD COLUMN "cost_center" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "cost_center_optional" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "grand_total_net" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cost_center" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "order_spent_limit" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "budget" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "budget_period" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "budget_currency" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "cost_center_buyers" ADD CONSTRAINT "cost_center_buyers_cost_center_id_cost_centers_id_fk" FOREIGN KEY ("cost_center_id") REFERENCES "public"."cost_centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_center_buyers" ADD CONSTRAINT "cost_center_buyers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centers" ADD CONSTRAINT "cost_centers_customer_no_customers_customer_no_fk" FOREIGN KEY ("customer_no") REFERENCES "public"."customers"("customer_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centers" ADD CONSTRAINT "cost_centers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_tokens" ADD CONSTRAINT "password_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cost_center_buyers_user_idx" ON "cost_center_buyers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cost_centers_number_idx" ON "cost_centers" USING btree ("customer_no",lower("cost_center_id"));--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("sent_at","next_attempt_at");--> statement-breakpoint
CREATE INDEX "password_tokens_user_idx" ON "password_tokens" USING btree ("user_id");--> statement-breakpoint
-- Orders placed before budgets existed: their net grand total from the order's own snapshot (the shop's
-- currencies all have two decimals).
UPDATE "orders" SET "grand_total_net" = round(("snapshot"->'data'->'totals'->'grandTotal'->'net'->>'value')::numeric * 100)::bigint WHERE "grand_total_net" IS NULL AND ("snapshot"->'data'->'totals'->'grandTotal'->'net'->>'value') IS NOT NULL;
