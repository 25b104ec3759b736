ALTER TABLE "orders" ADD COLUMN "buyer_reference" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "peppol_scheme" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "peppol_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "einvoice_by_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_peppol_endpoint" CHECK (("organisations"."peppol_scheme" = '') = ("organisations"."peppol_id" = '') and ("organisations"."peppol_scheme" = '' or "organisations"."peppol_scheme" ~ '^[0-9A-Z]{2,4}$'));