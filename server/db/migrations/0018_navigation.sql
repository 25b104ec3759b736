CREATE TYPE "public"."navigation_link_kind" AS ENUM('page', 'route', 'external');--> statement-breakpoint
CREATE TABLE "navigation_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu" text NOT NULL,
	"parent_id" integer,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"kind" "navigation_link_kind" NOT NULL,
	"page_id" integer,
	"target" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "navigation_menus" (
	"menu" text PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "navigation_menus_name" CHECK ("navigation_menus"."menu" ~ '^(header|footer-[a-z0-9]+(-[a-z0-9]+)*)$')
);
--> statement-breakpoint
ALTER TABLE "navigation_items" ADD CONSTRAINT "navigation_items_menu_navigation_menus_menu_fk" FOREIGN KEY ("menu") REFERENCES "public"."navigation_menus"("menu") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "navigation_items" ADD CONSTRAINT "navigation_items_parent_id_navigation_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."navigation_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "navigation_items" ADD CONSTRAINT "navigation_items_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "navigation_menus" ADD CONSTRAINT "navigation_menus_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "navigation_items_menu_idx" ON "navigation_items" USING btree ("menu","parent_id","position");--> statement-breakpoint
CREATE INDEX "navigation_items_page_idx" ON "navigation_items" USING btree ("page_id");--> statement-breakpoint
-- Writes to the menus that bypass the service are audited like the other business tables (migration 0013).
CREATE CONSTRAINT TRIGGER "navigation_menus_audit_bypass" AFTER INSERT OR UPDATE OR DELETE ON "navigation_menus" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION frolic_audit_bypass('menu');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "navigation_items_audit_bypass" AFTER INSERT OR UPDATE OR DELETE ON "navigation_items" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION frolic_audit_bypass();
