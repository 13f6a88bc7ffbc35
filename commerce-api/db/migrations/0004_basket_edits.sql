CREATE TABLE "basket_promotion_codes" (
	"basket_id" uuid NOT NULL,
	"code" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "basket_promotion_codes_basket_id_code_pk" PRIMARY KEY("basket_id","code")
);
--> statement-breakpoint
ALTER TABLE "baskets" ADD COLUMN "message_to_merchant" text;--> statement-breakpoint
ALTER TABLE "baskets" ADD COLUMN "external_order_reference" text;--> statement-breakpoint
ALTER TABLE "line_items" ADD COLUMN "desired_delivery" date;--> statement-breakpoint
ALTER TABLE "basket_promotion_codes" ADD CONSTRAINT "basket_promotion_codes_basket_id_baskets_id_fk" FOREIGN KEY ("basket_id") REFERENCES "public"."baskets"("id") ON DELETE cascade ON UPDATE no action;