-- drizzle-kit wrote this change as drop and create (three trigram indexes rebuilt over the whole log at
-- start-up); a storage parameter is set in place, instantly, and applies to the next merge.
ALTER INDEX "audit_logs_record_trgm_idx" SET (gin_pending_list_limit=128);--> statement-breakpoint
ALTER INDEX "audit_logs_user_trgm_idx" SET (gin_pending_list_limit=128);--> statement-breakpoint
ALTER INDEX "audit_logs_table_trgm_idx" SET (gin_pending_list_limit=128);
