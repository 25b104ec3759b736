ALTER TABLE "roles" ADD COLUMN "area" text;--> statement-breakpoint
ALTER TABLE "security_settings" ADD COLUMN "require_two_factor_for_employees" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "elevated_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "tx_id" bigint DEFAULT txid_current() NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "source" text DEFAULT 'service' NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_logs_tx_idx" ON "audit_logs" USING btree ("tx_id");--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_area" CHECK ("roles"."area" in ('staff', 'partner'));--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_source" CHECK ("audit_logs"."source" in ('service', 'trigger'));--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model extensions, triggers or data updates).
UPDATE "roles" SET "area" = 'staff' WHERE "name" IN ('admin', 'master_admin', 'employee');--> statement-breakpoint
UPDATE "roles" SET "area" = 'partner' WHERE "name" IN ('partner', 'importer', 'distributor', 'retailer');--> statement-breakpoint
-- Until now the one switch covered employees too: keep what installs enforce today.
UPDATE "security_settings" SET "require_two_factor_for_employees" = "require_two_factor_for_staff";--> statement-breakpoint
-- Trigram indexes for substring search (audit log, users). PGlite ships it; the client passes it in.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Audit rows are immutable: no UPDATE, DELETE or TRUNCATE, whoever asks. The one exception is the
-- sanctioned redaction (server/modules/audit/redaction.ts): inside a transaction that set
-- frolic.audit_redaction = 'on' (set_config(..., true): that transaction only), an UPDATE may
-- change old_values and new_values and nothing else. The redaction writes its own audit row.
CREATE OR REPLACE FUNCTION frolic_audit_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('frolic.audit_redaction', true) = 'on'
     AND NEW.id = OLD.id AND NEW.user_id IS NOT DISTINCT FROM OLD.user_id AND NEW.action = OLD.action
     AND NEW.table_name = OLD.table_name AND NEW.record_id IS NOT DISTINCT FROM OLD.record_id
     AND NEW.ip_address IS NOT DISTINCT FROM OLD.ip_address AND NEW.user_agent IS NOT DISTINCT FROM OLD.user_agent
     AND NEW.created_at = OLD.created_at AND NEW.tx_id = OLD.tx_id AND NEW.source = OLD.source THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_logs rows are immutable (% refused)', TG_OP USING ERRCODE = 'P0001', HINT = 'frolic_audit_immutable';
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_logs_immutable" BEFORE UPDATE OR DELETE ON "audit_logs" FOR EACH ROW EXECUTE FUNCTION frolic_audit_immutable();--> statement-breakpoint
CREATE TRIGGER "audit_logs_no_truncate" BEFORE TRUNCATE ON "audit_logs" FOR EACH STATEMENT EXECUTE FUNCTION frolic_audit_immutable();--> statement-breakpoint
-- Writes that bypass the services (the SQL editor, a migration, a script) are still recorded: at
-- commit, a row change of an allowlisted business table writes an audit row (source 'trigger') unless
-- a service already audited that transaction — never two rows for one change. The acting user and
-- address come from the transaction settings frolic.actor and frolic.actor_ip (null: the system).
-- Secrets and the person's name and email never enter the values (audit values carry user ids).
-- TG_ARGV: the columns that make the record id (default: id).
CREATE OR REPLACE FUNCTION frolic_audit_bypass() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_new jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  row_old jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  keyed jsonb := coalesce(row_new, row_old);
  rid text;
  i int;
BEGIN
  IF EXISTS (SELECT 1 FROM audit_logs WHERE tx_id = txid_current() AND source = 'service') THEN
    RETURN NULL;
  END IF;
  IF TG_NARGS = 0 THEN
    rid := keyed ->> 'id';
  ELSE
    FOR i IN 0 .. TG_NARGS - 1 LOOP
      rid := concat_ws(':', rid, keyed ->> TG_ARGV[i]);
    END LOOP;
  END IF;
  row_new := row_new - 'password_hash' - 'totp_secret' - 'totp_last_step' - 'token_hash' - 'email' - 'first_name' - 'last_name' - 'avatar_url';
  row_old := row_old - 'password_hash' - 'totp_secret' - 'totp_last_step' - 'token_hash' - 'email' - 'first_name' - 'last_name' - 'avatar_url';
  INSERT INTO audit_logs (user_id, action, table_name, record_id, old_values, new_values, ip_address, source)
  VALUES (nullif(current_setting('frolic.actor', true), ''), TG_OP, TG_TABLE_NAME, rid, row_old, row_new,
          nullif(current_setting('frolic.actor_ip', true), ''), 'trigger');
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('users', ''), ('profiles', ''), ('roles', '''name'''), ('role_permissions', '''role'', ''permission'''),
    ('user_roles', '''user_id'', ''role'''), ('security_settings', ''),
    ('products', ''), ('product_prices', '''product_id'', ''market'''), ('product_trade_prices', '''product_id'', ''tier'', ''market'''), ('product_images', ''),
    ('cocktails', ''), ('cocktail_ingredients', ''), ('canned_replies', ''),
    ('store_locations', ''), ('store_products', '''store_id'', ''product_id'''), ('online_retailers', ''), ('retailer_listings', '''retailer_id'', ''product_id'''),
    ('collateral_items', ''), ('brand_events', ''), ('marketing_requests', ''), ('marketing_request_items', ''), ('media_assets', ''),
    ('organisations', ''), ('trade_terms', '''customer_id'''), ('orders', ''), ('order_items', ''), ('allocations', ''), ('allocation_items', '''allocation_id'', ''product_id'''),
    ('stock_balances', ''), ('invoices', ''), ('invoice_orders', '''invoice_id'', ''order_id'''), ('invoice_items', ''), ('shipments', ''), ('shipment_items', ''),
    ('receipts', ''), ('receipt_items', ''), ('payments', ''), ('payment_allocations', '''payment_id'', ''invoice_id''')
  ) AS v(name, args) LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION frolic_audit_bypass(%s)',
      t.name || '_audit_bypass', t.name, t.args);
  END LOOP;
END $$;
