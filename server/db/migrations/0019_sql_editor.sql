CREATE TABLE "saved_queries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sql" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_queries" ADD CONSTRAINT "saved_queries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written: the bypass trigger writes its audit row with its owner's rights, so a write through
-- the SQL editor's low-privilege role (which may not touch audit_logs) still leaves its row.
ALTER FUNCTION frolic_audit_bypass() SECURITY DEFINER SET search_path = public, pg_temp;
