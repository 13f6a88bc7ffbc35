CREATE TABLE "stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seed_key" text,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"country_code" text NOT NULL,
	"main_division_code" text,
	"phone" text,
	"fax" text,
	"email" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"opening_hours" text,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "stores_seed_key_unique" UNIQUE("seed_key")
);
--> statement-breakpoint
CREATE INDEX "stores_country_city_idx" ON "stores" USING btree ("country_code","city");