CREATE TYPE "public"."cocktail_difficulty" AS ENUM('easy', 'medium', 'hard');--> statement-breakpoint
CREATE TYPE "public"."inquiry_status" AS ENUM('new', 'in_progress', 'done');--> statement-breakpoint
CREATE TYPE "public"."partner_type" AS ENUM('importer', 'distributor', 'retailer');--> statement-breakpoint
CREATE TABLE "business_inquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"company" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"partner_type" "partner_type" NOT NULL,
	"licence_number" text,
	"region" text NOT NULL,
	"country" text NOT NULL,
	"expected_volume" text NOT NULL,
	"message" text NOT NULL,
	"status" "inquiry_status" DEFAULT 'new' NOT NULL,
	"assignee_id" text,
	"notes" text,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cocktail_ingredients" (
	"id" serial PRIMARY KEY NOT NULL,
	"cocktail_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"amount" numeric(8, 2),
	"unit" text,
	"product_id" integer
);
--> statement-breakpoint
CREATE TABLE "cocktails" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"base_spirit" text NOT NULL,
	"glass" text NOT NULL,
	"difficulty" "cocktail_difficulty" DEFAULT 'easy' NOT NULL,
	"steps" jsonb NOT NULL,
	"image_url" text NOT NULL,
	"prep_minutes" integer DEFAULT 5 NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"status" "inquiry_status" DEFAULT 'new' NOT NULL,
	"assignee_id" text,
	"notes" text,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "online_retailers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"markets" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retailer_listings" (
	"retailer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"url" text NOT NULL,
	"price_minor" integer,
	"currency" text,
	CONSTRAINT "retailer_listings_retailer_id_product_id_pk" PRIMARY KEY("retailer_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "store_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"region" text,
	"postcode" text,
	"country" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"phone" text,
	"opening_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_locations_lat_range" CHECK ("store_locations"."latitude" between -90 and 90),
	CONSTRAINT "store_locations_lng_range" CHECK ("store_locations"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "store_products" (
	"store_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "store_products_store_id_product_id_pk" PRIMARY KEY("store_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "cocktail_ingredients" ADD CONSTRAINT "cocktail_ingredients_cocktail_id_cocktails_id_fk" FOREIGN KEY ("cocktail_id") REFERENCES "public"."cocktails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cocktail_ingredients" ADD CONSTRAINT "cocktail_ingredients_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retailer_listings" ADD CONSTRAINT "retailer_listings_retailer_id_online_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."online_retailers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retailer_listings" ADD CONSTRAINT "retailer_listings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_store_id_store_locations_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_inquiries_status_idx" ON "business_inquiries" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cocktail_ingredients_position_key" ON "cocktail_ingredients" USING btree ("cocktail_id","position");--> statement-breakpoint
CREATE INDEX "cocktail_ingredients_product_idx" ON "cocktail_ingredients" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cocktails_slug_key" ON "cocktails" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "cocktails_published_idx" ON "cocktails" USING btree ("published","base_spirit");--> statement-breakpoint
CREATE INDEX "contact_messages_status_idx" ON "contact_messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "retailer_listings_product_idx" ON "retailer_listings" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "store_locations_lat_lng_idx" ON "store_locations" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "store_locations_country_idx" ON "store_locations" USING btree ("country");--> statement-breakpoint
CREATE INDEX "store_products_product_idx" ON "store_products" USING btree ("product_id");