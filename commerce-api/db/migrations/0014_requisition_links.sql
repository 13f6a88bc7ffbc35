CREATE TABLE "requisition_links" (
	"hash" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"approver_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "requisition_links" ADD CONSTRAINT "requisition_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition_links" ADD CONSTRAINT "requisition_links_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requisition_links_order_idx" ON "requisition_links" USING btree ("order_id");