CREATE SEQUENCE "public"."customer_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 300001 CACHE 1;--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"subscribed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "approval_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_instruments" ADD COLUMN "preferred" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_instruments_preferred_idx" ON "payment_instruments" USING btree ("user_id") WHERE "payment_instruments"."preferred";