CREATE TYPE "public"."page_media_role" AS ENUM('draft', 'published');--> statement-breakpoint
CREATE TYPE "public"."page_status" AS ENUM('draft', 'published');--> statement-breakpoint
CREATE TABLE "page_media" (
	"page_id" integer NOT NULL,
	"role" "page_media_role" NOT NULL,
	"media_id" uuid NOT NULL,
	CONSTRAINT "page_media_page_id_role_media_id_pk" PRIMARY KEY("page_id","role","media_id")
);
--> statement-breakpoint
CREATE TABLE "page_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"n" integer NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"og_image_media_id" uuid,
	"content" text NOT NULL,
	"author_id" uuid,
	"origin" text DEFAULT 'save' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"og_image_media_id" uuid,
	"content" text DEFAULT '' NOT NULL,
	"draft_n" integer DEFAULT 1 NOT NULL,
	"status" "page_status" DEFAULT 'draft' NOT NULL,
	"published_version_id" integer,
	"published_slug" text,
	"published_at" timestamp with time zone,
	"scheduled_publish_at" timestamp with time zone,
	"scheduled_version_id" integer,
	"scheduled_by" uuid,
	"scheduled_job_id" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "pages_published_has_version" CHECK (("pages"."status" = 'published') = ("pages"."published_version_id" is not null and "pages"."published_slug" is not null)),
	CONSTRAINT "pages_slug_format" CHECK ("pages"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
ALTER TABLE "page_media" ADD CONSTRAINT "page_media_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_media" ADD CONSTRAINT "page_media_media_id_media_assets_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media_assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_og_image_media_id_media_assets_id_fk" FOREIGN KEY ("og_image_media_id") REFERENCES "public"."media_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_og_image_media_id_media_assets_id_fk" FOREIGN KEY ("og_image_media_id") REFERENCES "public"."media_assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_published_version_id_page_versions_id_fk" FOREIGN KEY ("published_version_id") REFERENCES "public"."page_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_scheduled_version_id_page_versions_id_fk" FOREIGN KEY ("scheduled_version_id") REFERENCES "public"."page_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_scheduled_by_users_id_fk" FOREIGN KEY ("scheduled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_media_media_idx" ON "page_media" USING btree ("media_id");--> statement-breakpoint
CREATE UNIQUE INDEX "page_versions_page_n_key" ON "page_versions" USING btree ("page_id","n");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_slug_key" ON "pages" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_published_slug_key" ON "pages" USING btree ("published_slug");--> statement-breakpoint
CREATE INDEX "pages_updated_idx" ON "pages" USING btree ("updated_at");--> statement-breakpoint
-- Writes to pages that bypass the service are audited like the other business tables (migration 0013).
CREATE CONSTRAINT TRIGGER "pages_audit_bypass" AFTER INSERT OR UPDATE OR DELETE ON "pages" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION frolic_audit_bypass();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "page_versions_audit_bypass" AFTER INSERT OR UPDATE OR DELETE ON "page_versions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION frolic_audit_bypass();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "page_media_audit_bypass" AFTER INSERT OR UPDATE OR DELETE ON "page_media" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION frolic_audit_bypass('page_id', 'role', 'media_id');
