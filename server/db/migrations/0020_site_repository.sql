CREATE TABLE "code_deployments" (
	"id" serial PRIMARY KEY NOT NULL,
	"repo" text NOT NULL,
	"commit_oid" text NOT NULL,
	"branch" text,
	"deployed_by" uuid,
	"deployed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "code_editor_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"theme" text DEFAULT 'dark' NOT NULL,
	"font_family" text DEFAULT 'Monaco' NOT NULL,
	"font_size" integer DEFAULT 14 NOT NULL,
	"tab_size" text DEFAULT '2' NOT NULL,
	"line_wrapping" boolean DEFAULT false NOT NULL,
	"default_branch" text DEFAULT 'main' NOT NULL,
	"environment" text DEFAULT 'production' NOT NULL,
	"build_command" text DEFAULT 'npm run build' NOT NULL,
	"git_auth" text DEFAULT 'ssh' NOT NULL,
	"encoding" text DEFAULT 'UTF-8' NOT NULL,
	"current_branch" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "code_editor_settings_theme" CHECK ("code_editor_settings"."theme" in ('light', 'dark', 'monokai')),
	CONSTRAINT "code_editor_settings_font_size" CHECK ("code_editor_settings"."font_size" in (12, 14, 16, 18)),
	CONSTRAINT "code_editor_settings_tab_size" CHECK ("code_editor_settings"."tab_size" in ('2', '4', 'tab')),
	CONSTRAINT "code_editor_settings_environment" CHECK ("code_editor_settings"."environment" in ('development', 'staging', 'production')),
	CONSTRAINT "code_editor_settings_git_auth" CHECK ("code_editor_settings"."git_auth" in ('ssh', 'https', 'token'))
);
--> statement-breakpoint
CREATE TABLE "code_files" (
	"repo" text NOT NULL,
	"path" text NOT NULL,
	"data" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "code_files_repo_path_pk" PRIMARY KEY("repo","path")
);
--> statement-breakpoint
CREATE TABLE "code_objects" (
	"repo" text NOT NULL,
	"oid" text NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "code_objects_repo_oid_pk" PRIMARY KEY("repo","oid")
);
--> statement-breakpoint
CREATE TABLE "code_working_files" (
	"repo" text NOT NULL,
	"user_id" uuid NOT NULL,
	"branch" text NOT NULL,
	"path" text NOT NULL,
	"content" text,
	"base_oid" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "code_working_files_repo_user_id_branch_path_pk" PRIMARY KEY("repo","user_id","branch","path")
);
--> statement-breakpoint
ALTER TABLE "code_deployments" ADD CONSTRAINT "code_deployments_deployed_by_users_id_fk" FOREIGN KEY ("deployed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_editor_settings" ADD CONSTRAINT "code_editor_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_working_files" ADD CONSTRAINT "code_working_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "code_deployments_repo_id_idx" ON "code_deployments" USING btree ("repo","id");