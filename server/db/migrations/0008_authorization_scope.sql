ALTER TABLE "notifications" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id");--> statement-breakpoint
-- CMS Access now governs what catalog:write did (issue 13). A role keeps exactly what it could do:
-- CMS Access only where it held catalog:write (CMS Access alone governed nothing before), and
-- catalog:write is gone.
DELETE FROM "role_permissions" WHERE "permission" = 'cms:access' AND "role" NOT IN (SELECT "role" FROM "role_permissions" WHERE "permission" = 'catalog:write');--> statement-breakpoint
INSERT INTO "role_permissions" ("role", "permission") SELECT "role", 'cms:access' FROM "role_permissions" WHERE "permission" = 'catalog:write' ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "role_permissions" WHERE "permission" = 'catalog:write';--> statement-breakpoint
UPDATE "notifications" SET "permission" = 'cms:access' WHERE "permission" = 'catalog:write';
