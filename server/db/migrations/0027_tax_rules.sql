CREATE TYPE "public"."duty_treatment" AS ENUM('in_bond', 'releases', 'duty_paid_upstream');--> statement-breakpoint
CREATE TYPE "public"."tax_rule_kind" AS ENUM('vat', 'excise');--> statement-breakpoint
CREATE TABLE "tax_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"jurisdiction" text NOT NULL,
	"kind" "tax_rule_kind" NOT NULL,
	"vat_category" text,
	"rate_bp" integer,
	"exemption_reason" text DEFAULT '' NOT NULL,
	"abv_from_tenths" integer DEFAULT 0 NOT NULL,
	"abv_to_tenths" integer,
	"duty_per_hlpa_minor" integer,
	"currency" text,
	"effective_from" date NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"example" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rules_vat_shape" CHECK ("tax_rules"."kind" <> 'vat' or ("tax_rules"."vat_category" in ('S', 'Z', 'E') and "tax_rules"."rate_bp" between 0 and 10000 and ("tax_rules"."vat_category" = 'S' or "tax_rules"."rate_bp" = 0))),
	CONSTRAINT "tax_rules_excise_shape" CHECK ("tax_rules"."kind" <> 'excise' or ("tax_rules"."duty_per_hlpa_minor" >= 0 and "tax_rules"."currency" ~ '^[A-Z]{3}$' and "tax_rules"."abv_from_tenths" between 0 and 1000 and ("tax_rules"."abv_to_tenths" is null or "tax_rules"."abv_to_tenths" > "tax_rules"."abv_from_tenths")))
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_amounts_nonnegative";--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "volume_ml" integer;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "abv_tenths" integer;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "duty_per_hlpa_minor" integer;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "duty_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "vat_category" text DEFAULT 'S' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "vat_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "layout_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_point" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "duty_treatment" "duty_treatment";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "duty_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_breakdown" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "duty_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_terms" ADD COLUMN "duty_treatment" "duty_treatment" DEFAULT 'duty_paid_upstream' NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_rules" ADD CONSTRAINT "tax_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rules_key" ON "tax_rules" USING btree ("jurisdiction","kind","abv_from_tenths","effective_from");--> statement-breakpoint
CREATE INDEX "tax_rules_lookup_idx" ON "tax_rules" USING btree ("jurisdiction","kind","effective_from");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_amounts_nonnegative" CHECK ("invoices"."subtotal_minor" >= 0 and "invoices"."tax_minor" >= 0 and "invoices"."total_minor" >= 0 and "invoices"."duty_minor" >= 0);--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tax_rules_audit_bypass" AFTER INSERT OR UPDATE OR DELETE ON "tax_rules" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION frolic_audit_bypass();--> statement-breakpoint
-- Each leg's duty treatment, so that duty arises once per unit: the brand ships to importers in bond,
-- importers release to distributors, retailers buy duty-paid (shared/tax.ts defaultDutyTreatment).
UPDATE "trade_terms" t SET "duty_treatment" = CASE o."type" WHEN 'importer' THEN 'in_bond'::duty_treatment WHEN 'distributor' THEN 'releases'::duty_treatment ELSE 'duty_paid_upstream'::duty_treatment END
FROM "organisations" o WHERE o."id" = t."customer_id";--> statement-breakpoint
-- Documents issued before: their one rate on every line, as they were printed (layout 1).
UPDATE "invoice_items" i SET "vat_rate_bp" = v."tax_rate_bp", "vat_category" = CASE WHEN v."tax_rate_bp" > 0 THEN 'S' ELSE 'Z' END
FROM "invoices" v WHERE v."id" = i."invoice_id";--> statement-breakpoint
-- The seeded rules (docs/tax-rules.md cites each). Figures nobody read from an official source on the
-- day are marked `example` and labelled so on screen.
INSERT INTO "tax_rules" ("jurisdiction", "kind", "vat_category", "rate_bp", "exemption_reason", "effective_from", "source", "example") VALUES
  ('GB', 'vat', 'S', 2000, '', '2011-01-04', 'HMRC, https://www.gov.uk/vat-rates (standard rate; not read on the day: verify)', true),
  ('US', 'vat', 'E', 0, 'Sale for resale: no sales tax (resale certificate)', '2000-01-01', 'No federal VAT; state sales tax is out of scope and a wholesale sale for resale carries none', true),
  ('CA', 'vat', 'S', 500, '', '2008-01-01', 'Canada Revenue Agency, GST 5 % (provincial HST/PST out of scope; not read on the day: verify)', true),
  ('AU', 'vat', 'S', 1000, '', '2000-07-01', 'Australian Taxation Office, GST 10 % (not read on the day: verify)', true),
  ('INT', 'vat', 'Z', 0, 'Zero rated: set this market''s rule', '2000-01-01', 'Example: no rule is known for the International market', true);--> statement-breakpoint
INSERT INTO "tax_rules" ("jurisdiction", "kind", "vat_category", "rate_bp", "effective_from", "source", "example")
SELECT v.code, 'vat', 'S', v.bp, v.since::date, 'Standard rate from third-party tables of EU VAT rates (2025), not the European Commission''s: verify', true
FROM (VALUES ('AT', 2000, '2025-01-01'), ('BE', 2100, '2025-01-01'), ('BG', 2000, '2025-01-01'), ('HR', 2500, '2025-01-01'), ('CY', 1900, '2025-01-01'),
  ('CZ', 2100, '2025-01-01'), ('DK', 2500, '2025-01-01'), ('EE', 2200, '2025-01-01'), ('EE', 2400, '2025-07-01'), ('FI', 2550, '2025-01-01'),
  ('FR', 2000, '2025-01-01'), ('DE', 1900, '2025-01-01'), ('GR', 2400, '2025-01-01'), ('HU', 2700, '2025-01-01'), ('IE', 2300, '2025-01-01'),
  ('IT', 2200, '2025-01-01'), ('LV', 2100, '2025-01-01'), ('LT', 2100, '2025-01-01'), ('LU', 1700, '2025-01-01'), ('MT', 1800, '2025-01-01'),
  ('NL', 2100, '2025-01-01'), ('PL', 2300, '2025-01-01'), ('PT', 2300, '2025-01-01'), ('RO', 1900, '2025-01-01'), ('RO', 2100, '2025-08-01'),
  ('SK', 2300, '2025-01-01'), ('SI', 2200, '2025-01-01'), ('ES', 2100, '2025-01-01'), ('SE', 2500, '2025-01-01')) AS v(code, bp, since);--> statement-breakpoint
-- UK alcohol duty by strength band, per litre of pure alcohol, stored per hectolitre (× 100).
INSERT INTO "tax_rules" ("jurisdiction", "kind", "abv_from_tenths", "abv_to_tenths", "duty_per_hlpa_minor", "currency", "effective_from", "source", "example") VALUES
  ('GB', 'excise', 0, 13, 0, 'GBP', '2025-02-01', 'HMRC Alcohol Duty rates, https://www.gov.uk/government/publications/rates-and-allowance-excise-duty-alcohol-duty (spirits: 0 to 1.2 %), read 2026-12-07', false),
  ('GB', 'excise', 13, 35, 96100, 'GBP', '2025-02-01', 'HMRC Alcohol Duty rates, https://www.gov.uk/government/publications/rates-and-allowance-excise-duty-alcohol-duty (spirits: 1.3 % to 3.4 %, £9.61), read 2026-12-07', false),
  ('GB', 'excise', 35, 85, 256700, 'GBP', '2025-02-01', 'HMRC Alcohol Duty rates, https://www.gov.uk/government/publications/rates-and-allowance-excise-duty-alcohol-duty (spirits: 3.5 % to 8.4 %, £25.67), read 2026-12-07', false),
  ('GB', 'excise', 85, 221, 295400, 'GBP', '2025-02-01', 'HMRC Alcohol Duty rates, https://www.gov.uk/government/publications/rates-and-allowance-excise-duty-alcohol-duty (spirits: 8.5 % to 22 %, £29.54), read 2026-12-07', false),
  ('GB', 'excise', 221, NULL, 327900, 'GBP', '2025-02-01', 'HMRC Alcohol Duty rates, https://www.gov.uk/government/publications/rates-and-allowance-excise-duty-alcohol-duty (spirits stronger than 22 %, £32.79), read 2026-12-07', false),
  ('US', 'excise', 0, NULL, 71326, 'USD', '1991-01-01', 'Example: the federal rate, $13.50 per proof gallon (26 U.S.C. 5001), as $713.26 per hectolitre of pure alcohol; reduced CBMA rates and state taxes out of scope', true),
  ('CA', 'excise', 0, NULL, 1382000, 'CAD', '2025-04-01', 'Example: about $13.82 per litre of absolute ethyl alcohol (Canada Revenue Agency, not read on the day: verify)', true),
  ('AU', 'excise', 0, NULL, 10785000, 'AUD', '2025-08-04', 'Example: about $107.85 per litre of alcohol (Australian Taxation Office, indexed twice a year; not read on the day: verify)', true),
  ('INT', 'excise', 0, NULL, 0, 'USD', '2000-01-01', 'Example: no rule is known for the International market; set the one where goods are released', true);--> statement-breakpoint
-- Every member state at least the EU minimum (Council Directive 92/84/EEC: €550 per hectolitre of pure
-- alcohol), and the states trade happens in most at an example of their own rate.
INSERT INTO "tax_rules" ("jurisdiction", "kind", "abv_from_tenths", "duty_per_hlpa_minor", "currency", "effective_from", "source", "example")
SELECT m.code, 'excise'::tax_rule_kind, 0, m.minor, 'EUR', DATE '2025-01-01', m.source, true
FROM (VALUES ('AT', 55000, 'min'), ('BE', 55000, 'min'), ('BG', 55000, 'min'), ('HR', 55000, 'min'), ('CY', 55000, 'min'), ('CZ', 55000, 'min'), ('DK', 55000, 'min'),
  ('EE', 55000, 'min'), ('FI', 55000, 'min'), ('GR', 55000, 'min'), ('HU', 55000, 'min'), ('IT', 55000, 'min'), ('LV', 55000, 'min'), ('LT', 55000, 'min'),
  ('LU', 55000, 'min'), ('MT', 55000, 'min'), ('PL', 55000, 'min'), ('PT', 55000, 'min'), ('RO', 55000, 'min'), ('SK', 55000, 'min'), ('SI', 55000, 'min'),
  ('IE', 425700, 'own'), ('DE', 130300, 'own'), ('FR', 186248, 'own'), ('NL', 191637, 'own'), ('ES', 95894, 'own'), ('SE', 55000, 'min')) AS r(code, minor, kind)
CROSS JOIN LATERAL (SELECT r.code AS code, r.minor AS minor, CASE r.kind
  WHEN 'min' THEN 'Example: the EU minimum, €550 per hectolitre of pure alcohol (Council Directive 92/84/EEC); set the member state''s own rate'
  ELSE 'Example: about the member state''s published rate per hectolitre of pure alcohol (not read on the day: verify)' END AS source) m;--> statement-breakpoint
-- The audit triggers are deferred: fire them now, so a later migration in the same run may alter the table.
SET CONSTRAINTS ALL IMMEDIATE;
