-- The ledger becomes the only stock: products.stock_units (a mirror of the brand's balance, which the
-- demo seed wrote without a ledger row) turns into opening movements, then goes.
-- The cause gains `opening`. The type is made anew rather than altered: the migrations run in one
-- transaction, and PostgreSQL refuses a value added by ALTER TYPE … ADD VALUE until it commits.
ALTER TYPE "public"."stock_cause" RENAME TO "stock_cause_before_opening";--> statement-breakpoint
CREATE TYPE "public"."stock_cause" AS ENUM('adjustment', 'reservation', 'release', 'shipment', 'delivery', 'allocation', 'opening');--> statement-breakpoint
ALTER TABLE "stock_movements" ALTER COLUMN "cause" SET DATA TYPE "public"."stock_cause" USING "cause"::text::"public"."stock_cause";--> statement-breakpoint
DROP TYPE "public"."stock_cause_before_opening";--> statement-breakpoint
-- Where the brand already holds a balance row, the column mirrored it: assert that, move nothing.
DO $$
DECLARE
  drift text;
BEGIN
  SELECT string_agg(format('%s (stock_units %s, ledger %s)', p."slug", p."stock_units", b."on_hand"), ', ')
    INTO drift
    FROM "products" p
    JOIN "stock_balances" b ON b."organisation_id" IS NULL AND b."product_id" = p."id"
   WHERE b."on_hand" <> p."stock_units";
  IF drift IS NOT NULL THEN
    RAISE EXCEPTION 'products.stock_units disagrees with the brand''s stock ledger: %', drift
      USING HINT = 'The ledger is the stock: set stock_units to the ledger''s on_hand for these products, then start again.';
  END IF;
END $$;--> statement-breakpoint
-- Where it holds none, the column's figure opens the brand's balance (a product at 0 needs no row).
WITH "opened" AS (
  INSERT INTO "stock_balances" ("organisation_id", "product_id", "on_hand", "reserved")
  SELECT NULL, p."id", p."stock_units", 0
    FROM "products" p
   WHERE p."stock_units" > 0
     AND NOT EXISTS (SELECT 1 FROM "stock_balances" b WHERE b."organisation_id" IS NULL AND b."product_id" = p."id")
  RETURNING "id", "product_id", "on_hand"
)
INSERT INTO "stock_movements" ("balance_id", "organisation_id", "product_id", "cause", "on_hand_delta", "reserved_delta", "on_hand_after", "reserved_after", "reason")
SELECT "id", NULL, "product_id", 'opening', "on_hand", 0, "on_hand", 0, 'Opening balance: the stock figure the product carried before the ledger was its only stock'
  FROM "opened";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_stock_nonnegative";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "stock_units";
