CREATE SEQUENCE "public"."requisition_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "requisition_stages" (
	"order_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"approver_ids" jsonb NOT NULL,
	"status_code" text DEFAULT 'PENDING' NOT NULL,
	"decided_by" uuid,
	"decider_name" text,
	"decided_at" timestamp with time zone,
	"comment" text,
	CONSTRAINT "requisition_stages_order_id_stage_pk" PRIMARY KEY("order_id","stage")
);
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "document_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "requisition_no" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_reasons" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "system_reject_errors" jsonb;--> statement-breakpoint
ALTER TABLE "requisition_stages" ADD CONSTRAINT "requisition_stages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requisition_stages_approvers_idx" ON "requisition_stages" USING gin ("approver_ids");--> statement-breakpoint
CREATE INDEX "orders_requisition_user_idx" ON "orders" USING btree ("user_id","approval_status","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_requisition_no_unique" UNIQUE("requisition_no");