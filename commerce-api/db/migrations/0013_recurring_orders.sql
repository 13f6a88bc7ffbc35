CREATE SEQUENCE "public"."recurring_order_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 5001 CACHE 1;--> statement-breakpoint
CREATE TABLE "recurring_order_executions" (
	"recurring_order_id" uuid NOT NULL,
	"occurrence" integer NOT NULL,
	"scheduled_for" date NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"order_id" uuid,
	"error_code" text,
	CONSTRAINT "recurring_order_executions_recurring_order_id_occurrence_pk" PRIMARY KEY("recurring_order_id","occurrence")
);
--> statement-breakpoint
CREATE TABLE "recurring_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"document_no" text NOT NULL,
	"owner" text NOT NULL,
	"user_id" uuid NOT NULL,
	"customer_no" text NOT NULL,
	"currency" text NOT NULL,
	"locale" text NOT NULL,
	"interval" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"repetitions" integer,
	"active" boolean DEFAULT true NOT NULL,
	"expired" boolean DEFAULT false NOT NULL,
	"next_occurrence" integer DEFAULT 0 NOT NULL,
	"next_order_date" date,
	"order_count" integer DEFAULT 0 NOT NULL,
	"last_order_at" timestamp with time zone,
	"error_code" text,
	"error_message" text,
	"cost_center" text,
	"email" text,
	"item_count" integer NOT NULL,
	"total_gross" bigint NOT NULL,
	"total_net" bigint NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_orders_document_no_unique" UNIQUE("document_no")
);
--> statement-breakpoint
ALTER TABLE "baskets" ADD COLUMN "recurrence" jsonb;--> statement-breakpoint
ALTER TABLE "recurring_order_executions" ADD CONSTRAINT "recurring_order_executions_recurring_order_id_recurring_orders_id_fk" FOREIGN KEY ("recurring_order_id") REFERENCES "public"."recurring_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_orders" ADD CONSTRAINT "recurring_orders_id_baskets_id_fk" FOREIGN KEY ("id") REFERENCES "public"."baskets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_orders" ADD CONSTRAINT "recurring_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_orders_due_idx" ON "recurring_orders" USING btree ("next_order_date") WHERE "recurring_orders"."active" and not "recurring_orders"."expired";--> statement-breakpoint
CREATE INDEX "recurring_orders_customer_idx" ON "recurring_orders" USING btree ("customer_no","created_at");--> statement-breakpoint
CREATE INDEX "recurring_orders_user_idx" ON "recurring_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_recurring_order_idx" ON "orders" USING btree ("recurring_order_id","created_at");