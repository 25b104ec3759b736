CREATE SEQUENCE "public"."product_sku_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" text;--> statement-breakpoint
-- Products that exist get their number in id order (a first start's seed numbers them the same way), and the sequence goes on from there.
UPDATE "products" SET "sku" = 'FRL-' || lpad("id"::text, 4, '0');--> statement-breakpoint
-- The audit trail's deferred triggers fire now (an ALTER TABLE is refused while they are pending).
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
SELECT setval('product_sku_seq', coalesce((SELECT max("id") FROM "products"), 1), (SELECT count(*) > 0 FROM "products"));--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "sku" SET DEFAULT ('FRL-' || lpad(nextval('product_sku_seq')::text, 4, '0'));--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "sku" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_key" ON "products" USING btree ("sku");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sku_format" CHECK ("products"."sku" ~ '^[A-Z0-9]([A-Z0-9-]{0,30}[A-Z0-9])?$');
