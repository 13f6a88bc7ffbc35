ALTER TABLE "users" ADD COLUMN "phone_business" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_mobile" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "fax" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birthday" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "department" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "preferred_price_display_type" text;