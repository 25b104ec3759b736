CREATE TYPE "public"."order_status" AS ENUM('draft', 'submitted', 'seen', 'approved', 'rejected', 'cancelled', 'invoiced', 'shipped', 'delivered', 'paid');--> statement-breakpoint
CREATE TYPE "public"."stock_cause" AS ENUM('adjustment', 'reservation', 'release', 'shipment', 'delivery', 'allocation');--> statement-breakpoint
CREATE TABLE "allocation_items" (
	"allocation_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"cases" integer NOT NULL,
	"case_size" integer NOT NULL,
	CONSTRAINT "allocation_items_allocation_id_product_id_pk" PRIMARY KEY("allocation_id","product_id"),
	CONSTRAINT "allocation_items_cases_positive" CHECK ("allocation_items"."cases" > 0)
);
--> statement-breakpoint
CREATE TABLE "allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"importer_id" uuid NOT NULL,
	"distributor_id" uuid NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"cases_requested" integer NOT NULL,
	"cases" integer NOT NULL,
	"case_size" integer NOT NULL,
	"unit_price_minor" integer NOT NULL,
	"line_total_minor" integer NOT NULL,
	"modification_reason" text,
	CONSTRAINT "order_items_cases_requested_positive" CHECK ("order_items"."cases_requested" > 0),
	CONSTRAINT "order_items_cases_range" CHECK ("order_items"."cases" >= 0 and "order_items"."cases" <= "order_items"."cases_requested"),
	CONSTRAINT "order_items_case_size_positive" CHECK ("order_items"."case_size" > 0),
	CONSTRAINT "order_items_amounts_nonnegative" CHECK ("order_items"."unit_price_minor" >= 0 and "order_items"."line_total_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"author_id" uuid,
	"organisation_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"buyer_id" uuid NOT NULL,
	"seller_id" uuid,
	"status" "order_status" DEFAULT 'draft' NOT NULL,
	"currency" text NOT NULL,
	"subtotal_minor" integer DEFAULT 0 NOT NULL,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"tax_minor" integer DEFAULT 0 NOT NULL,
	"total_minor" integer DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"placed_by" uuid,
	"submitted_at" timestamp with time zone,
	"seen_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decision_reason" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"idempotency_key" text,
	"request_hash" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_amounts_nonnegative" CHECK ("orders"."subtotal_minor" >= 0 and "orders"."tax_minor" >= 0 and "orders"."total_minor" >= 0),
	CONSTRAINT "orders_currency_iso" CHECK ("orders"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "orders_not_own_seller" CHECK ("orders"."seller_id" is null or "orders"."seller_id" <> "orders"."buyer_id")
);
--> statement-breakpoint
CREATE TABLE "stock_balances" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" uuid,
	"product_id" integer NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_balances_holder_product_key" UNIQUE NULLS NOT DISTINCT("organisation_id","product_id"),
	CONSTRAINT "stock_balances_on_hand_nonnegative" CHECK ("stock_balances"."on_hand" >= 0),
	CONSTRAINT "stock_balances_reserved_nonnegative" CHECK ("stock_balances"."reserved" >= 0),
	CONSTRAINT "stock_balances_reserved_covered" CHECK ("stock_balances"."reserved" <= "stock_balances"."on_hand")
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"balance_id" integer NOT NULL,
	"organisation_id" uuid,
	"product_id" integer NOT NULL,
	"cause" "stock_cause" NOT NULL,
	"on_hand_delta" integer NOT NULL,
	"reserved_delta" integer NOT NULL,
	"on_hand_after" integer NOT NULL,
	"reserved_after" integer NOT NULL,
	"order_id" integer,
	"allocation_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_on_hand_after" CHECK ("stock_movements"."on_hand_after" >= 0),
	CONSTRAINT "stock_movements_reserved_after" CHECK ("stock_movements"."reserved_after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "allocation_items" ADD CONSTRAINT "allocation_items_allocation_id_allocations_id_fk" FOREIGN KEY ("allocation_id") REFERENCES "public"."allocations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_items" ADD CONSTRAINT "allocation_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_importer_id_organisations_id_fk" FOREIGN KEY ("importer_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_distributor_id_organisations_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_organisations_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_organisations_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_placed_by_users_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_balance_id_stock_balances_id_fk" FOREIGN KEY ("balance_id") REFERENCES "public"."stock_balances"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "allocations_importer_idempotency_key" ON "allocations" USING btree ("importer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "allocations_importer_created_idx" ON "allocations" USING btree ("importer_id","created_at");--> statement-breakpoint
CREATE INDEX "allocations_distributor_created_idx" ON "allocations" USING btree ("distributor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_order_product_key" ON "order_items" USING btree ("order_id","product_id");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_messages_order_idx" ON "order_messages" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_buyer_idempotency_key" ON "orders" USING btree ("buyer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_buyer_created_idx" ON "orders" USING btree ("buyer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_seller_created_idx" ON "orders" USING btree ("seller_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_seller_status_idx" ON "orders" USING btree ("seller_id","status");--> statement-breakpoint
CREATE INDEX "orders_buyer_status_idx" ON "orders" USING btree ("buyer_id","status");--> statement-breakpoint
CREATE INDEX "stock_balances_product_idx" ON "stock_balances" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "stock_movements_balance_idx" ON "stock_movements" USING btree ("balance_id","id");--> statement-breakpoint
CREATE INDEX "stock_movements_order_idx" ON "stock_movements" USING btree ("order_id");--> statement-breakpoint
-- The brand warehouse figure becomes the brand's ledger: one opening movement per product.
INSERT INTO "stock_balances" ("organisation_id", "product_id", "on_hand", "reserved") SELECT NULL, "id", "stock_units", 0 FROM "products";--> statement-breakpoint
INSERT INTO "stock_movements" ("balance_id", "organisation_id", "product_id", "cause", "on_hand_delta", "reserved_delta", "on_hand_after", "reserved_after", "reason")
  SELECT b."id", NULL, b."product_id", 'adjustment', b."on_hand", 0, b."on_hand", 0, 'Opening balance (the warehouse figure before the ledger)' FROM "stock_balances" b WHERE b."organisation_id" IS NULL AND b."on_hand" > 0;--> statement-breakpoint
-- Brand staff act on importers' orders in Trade orders: admins get Order Management (over every organisation).
INSERT INTO "role_permissions" ("role", "permission") SELECT "name", 'orders:manage' FROM "roles" WHERE "name" = 'admin' ON CONFLICT DO NOTHING;
