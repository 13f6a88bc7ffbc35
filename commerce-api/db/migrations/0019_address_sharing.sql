ALTER TABLE "addresses" ADD COLUMN "shared_with_company" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "shared_for" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "preferred_invoice_to_address_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "preferred_ship_to_address_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_preferred_invoice_to_address_id_addresses_id_fk" FOREIGN KEY ("preferred_invoice_to_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_preferred_ship_to_address_id_addresses_id_fk" FOREIGN KEY ("preferred_ship_to_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;