ALTER TABLE "roles" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "security_settings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_name_trgm_idx" ON "profiles" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_logs_user_id_idx" ON "audit_logs" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "audit_logs_action_id_idx" ON "audit_logs" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "audit_logs_table_id_idx" ON "audit_logs" USING btree ("table_name","id");--> statement-breakpoint
CREATE INDEX "audit_logs_record_trgm_idx" ON "audit_logs" USING gin ("record_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_logs_user_trgm_idx" ON "audit_logs" USING gin ("user_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_logs_table_trgm_idx" ON "audit_logs" USING gin ("table_name" gin_trgm_ops);