CREATE TABLE "punchout_cxml_configurations" (
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "punchout_cxml_configurations_user_id_name_pk" PRIMARY KEY("user_id","name")
);
--> statement-breakpoint
CREATE TABLE "punchout_oci_configurations" (
	"customer_no" text PRIMARY KEY NOT NULL,
	"items" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "punchout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_no" text NOT NULL,
	"user_id" uuid NOT NULL,
	"basket_id" uuid NOT NULL,
	"operation" text NOT NULL,
	"deployment_mode" text NOT NULL,
	"buyer_cookie" text NOT NULL,
	"return_url" text NOT NULL,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "single_use" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "unspsc" text;--> statement-breakpoint
ALTER TABLE "punchout_cxml_configurations" ADD CONSTRAINT "punchout_cxml_configurations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_oci_configurations" ADD CONSTRAINT "punchout_oci_configurations_customer_no_customers_customer_no_fk" FOREIGN KEY ("customer_no") REFERENCES "public"."customers"("customer_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_sessions" ADD CONSTRAINT "punchout_sessions_customer_no_customers_customer_no_fk" FOREIGN KEY ("customer_no") REFERENCES "public"."customers"("customer_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_sessions" ADD CONSTRAINT "punchout_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_sessions" ADD CONSTRAINT "punchout_sessions_basket_id_baskets_id_fk" FOREIGN KEY ("basket_id") REFERENCES "public"."baskets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "punchout_sessions_user_idx" ON "punchout_sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "punchout_sessions_basket_idx" ON "punchout_sessions" USING btree ("basket_id");