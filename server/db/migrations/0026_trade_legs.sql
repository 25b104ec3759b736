ALTER TYPE "public"."order_status" ADD VALUE 'offered';--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'declined';--> statement-breakpoint
ALTER TYPE "public"."stock_cause" ADD VALUE 'receipt';--> statement-breakpoint
ALTER TYPE "public"."stock_cause" ADD VALUE 'transit_loss';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "offered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "legacy_steps" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The brand's orders approved or shipped before its invoices and shipments existed keep staff's old
-- ship and deliver steps (and only they): nothing else could move them on.
UPDATE "orders" o SET "legacy_steps" = true
WHERE o."status" IN ('approved', 'shipped')
  AND o."seller_id" = (SELECT id FROM "organisations" WHERE "type" = 'brand')
  AND NOT EXISTS (SELECT 1 FROM "invoice_orders" io WHERE io."order_id" = o."id")
  AND NOT EXISTS (SELECT 1 FROM "shipment_items" si WHERE si."order_id" = o."id");--> statement-breakpoint
-- The audit triggers are deferred: fire them now, so a later migration in the same run may alter the table.
SET CONSTRAINTS ALL IMMEDIATE;
