CREATE TYPE "public"."marketing_request_kind" AS ENUM('materials', 'event_proposal', 'event_join');--> statement-breakpoint
CREATE TYPE "public"."marketing_request_status" AS ENUM('open', 'approved', 'declined', 'fulfilled');--> statement-breakpoint
CREATE TYPE "public"."organisation_status" AS ENUM('pending', 'active', 'suspended');--> statement-breakpoint
CREATE TABLE "marketing_request_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"author_id" uuid,
	"from_staff" boolean NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_request_items" (
	"request_id" integer NOT NULL,
	"collateral_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "marketing_request_items_request_id_collateral_id_pk" PRIMARY KEY("request_id","collateral_id"),
	CONSTRAINT "marketing_request_items_quantity" CHECK ("marketing_request_items"."quantity" between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "marketing_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"requested_by" uuid,
	"kind" "marketing_request_kind" NOT NULL,
	"status" "marketing_request_status" DEFAULT 'open' NOT NULL,
	"title" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"delivery_address" text,
	"needed_by" date,
	"event_date" date,
	"venue" text,
	"expected_guests" integer,
	"ask_staff" boolean DEFAULT false NOT NULL,
	"ask_product" boolean DEFAULT false NOT NULL,
	"budget_minor" integer,
	"currency" text,
	"event_id" integer,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_comment" text,
	"fulfilled_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_requests_guests_positive" CHECK ("marketing_requests"."expected_guests" is null or "marketing_requests"."expected_guests" > 0),
	CONSTRAINT "marketing_requests_budget_nonnegative" CHECK ("marketing_requests"."budget_minor" is null or "marketing_requests"."budget_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" "partner_type" NOT NULL,
	"legal_name" text NOT NULL,
	"trading_name" text NOT NULL,
	"licence_number" text NOT NULL,
	"licence_jurisdiction" text NOT NULL,
	"licence_expires_on" date NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"market" text NOT NULL,
	"currency" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"status" "organisation_status" DEFAULT 'pending' NOT NULL,
	"supplier_id" uuid,
	"status_reason" text DEFAULT '' NOT NULL,
	"licence_warned_at" timestamp with time zone,
	"licence_warned_stage" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_currency_iso" CHECK ("organisations"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "organisations_not_own_supplier" CHECK ("organisations"."supplier_id" is null or "organisations"."supplier_id" <> "organisations"."id")
);
--> statement-breakpoint
CREATE TABLE "trade_terms" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"supplier_id" uuid,
	"payment_terms_days" integer NOT NULL,
	"credit_limit_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_terms_payment_days" CHECK ("trade_terms"."payment_terms_days" between 0 and 365),
	CONSTRAINT "trade_terms_credit_nonnegative" CHECK ("trade_terms"."credit_limit_minor" >= 0),
	CONSTRAINT "trade_terms_tax_range" CHECK ("trade_terms"."tax_rate_bp" between 0 and 10000),
	CONSTRAINT "trade_terms_currency_iso" CHECK ("trade_terms"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "business_inquiries" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "business_inquiries" ADD COLUMN "converted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_inquiries" ADD COLUMN "converted_by" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "marketing_request_comments" ADD CONSTRAINT "marketing_request_comments_request_id_marketing_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."marketing_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_request_comments" ADD CONSTRAINT "marketing_request_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_request_items" ADD CONSTRAINT "marketing_request_items_request_id_marketing_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."marketing_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_request_items" ADD CONSTRAINT "marketing_request_items_collateral_id_collateral_items_id_fk" FOREIGN KEY ("collateral_id") REFERENCES "public"."collateral_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_requests" ADD CONSTRAINT "marketing_requests_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_requests" ADD CONSTRAINT "marketing_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_requests" ADD CONSTRAINT "marketing_requests_event_id_brand_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."brand_events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_requests" ADD CONSTRAINT "marketing_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_supplier_id_organisations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_terms" ADD CONSTRAINT "trade_terms_customer_id_organisations_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_terms" ADD CONSTRAINT "trade_terms_supplier_id_organisations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketing_request_comments_request_idx" ON "marketing_request_comments" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "marketing_request_items_collateral_idx" ON "marketing_request_items" USING btree ("collateral_id");--> statement-breakpoint
CREATE INDEX "marketing_requests_org_idx" ON "marketing_requests" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "marketing_requests_status_idx" ON "marketing_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "organisations_supplier_idx" ON "organisations" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "organisations_type_status_idx" ON "organisations" USING btree ("type","status");--> statement-breakpoint
CREATE INDEX "organisations_licence_expiry_idx" ON "organisations" USING btree ("licence_expires_on");--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_licence_key" ON "organisations" USING btree ("licence_jurisdiction",lower("licence_number"));--> statement-breakpoint
CREATE INDEX "trade_terms_supplier_idx" ON "trade_terms" USING btree ("supplier_id");--> statement-breakpoint
ALTER TABLE "business_inquiries" ADD CONSTRAINT "business_inquiries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_inquiries_organisation_key" ON "business_inquiries" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "notifications_organisation_idx" ON "notifications" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "users_organisation_idx" ON "users" USING btree ("organisation_id");--> statement-breakpoint
-- Marketing requests (issue 14) are handled by whoever edits collateral and events: every role
-- holding CMS Access gets the new permission.
INSERT INTO "role_permissions" ("role", "permission") SELECT "role", 'marketing:requests' FROM "role_permissions" WHERE "permission" = 'cms:access' ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Partners request marketing support: every partner role gets the new permission.
INSERT INTO "role_permissions" ("role", "permission") SELECT "name", 'marketing:request' FROM "roles" WHERE "name" IN ('partner', 'importer', 'distributor', 'retailer') ON CONFLICT DO NOTHING;
