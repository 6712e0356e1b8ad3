CREATE TABLE "execution_steps" (
	"id" text PRIMARY KEY NOT NULL,
	"execution_id" text NOT NULL,
	"account_id" text NOT NULL,
	"node_id" text NOT NULL,
	"node_name" text NOT NULL,
	"node_type" text NOT NULL,
	"run_index" integer NOT NULL,
	"status" text NOT NULL,
	"input" jsonb NOT NULL,
	"output" jsonb,
	"logs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "executions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"flow_id" text NOT NULL,
	"version_id" text,
	"version" integer,
	"graph" jsonb,
	"status" text NOT NULL,
	"mode" text NOT NULL,
	"trigger" jsonb,
	"start_node_id" text,
	"seed_execution_id" text,
	"stop_after_node_id" text,
	"parent_execution_id" text,
	"error" jsonb,
	"response" jsonb,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"resume_at" timestamp with time zone,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "flow_schedules" (
	"flow_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"version_id" text NOT NULL,
	"spec" jsonb NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"flow_id" text NOT NULL,
	"account_id" text NOT NULL,
	"version" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"graph" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flows" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"graph" jsonb NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"trigger_type" text DEFAULT 'manual' NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"published_version_id" text,
	"published_revision" integer,
	"webhook_id" text NOT NULL,
	"email_token" text NOT NULL,
	"last_execution_id" text,
	"last_execution_status" text,
	"last_execution_at" timestamp with time zone,
	"executions_total" integer DEFAULT 0 NOT NULL,
	"executions_succeeded" integer DEFAULT 0 NOT NULL,
	"executions_failed" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "flows_webhook_id_unique" UNIQUE("webhook_id"),
	CONSTRAINT "flows_email_token_unique" UNIQUE("email_token")
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"markdown" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "execution_steps" ADD CONSTRAINT "execution_steps_execution_id_executions_id_fk" FOREIGN KEY ("execution_id") REFERENCES "public"."executions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "executions" ADD CONSTRAINT "executions_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_schedules" ADD CONSTRAINT "flow_schedules_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_versions" ADD CONSTRAINT "flow_versions_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_versions" ADD CONSTRAINT "flow_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "execution_steps_run_idx" ON "execution_steps" USING btree ("execution_id","node_id","run_index");--> statement-breakpoint
CREATE INDEX "executions_account_created_idx" ON "executions" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "executions_flow_created_idx" ON "executions" USING btree ("flow_id","created_at");--> statement-breakpoint
CREATE INDEX "executions_active_idx" ON "executions" USING btree ("status","lease_until") WHERE status in ('queued', 'running', 'waiting');--> statement-breakpoint
CREATE INDEX "flow_schedules_next_at_idx" ON "flow_schedules" USING btree ("next_at");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_versions_flow_version_idx" ON "flow_versions" USING btree ("flow_id","version");--> statement-breakpoint
CREATE INDEX "flows_account_id_idx" ON "flows" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "notes_account_id_idx" ON "notes" USING btree ("account_id","updated_at");