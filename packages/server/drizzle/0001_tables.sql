CREATE TABLE "record_history" (
	"id" text PRIMARY KEY NOT NULL,
	"table_id" text NOT NULL,
	"account_id" text NOT NULL,
	"record_id" text NOT NULL,
	"user_id" text,
	"kind" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "table_fields" (
	"id" text PRIMARY KEY NOT NULL,
	"table_id" text NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"options" jsonb NOT NULL,
	"position" double precision NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"last_change" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "table_records" (
	"id" text PRIMARY KEY NOT NULL,
	"table_id" text NOT NULL,
	"account_id" text NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"autonumber" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "table_views" (
	"id" text PRIMARY KEY NOT NULL,
	"table_id" text NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"config" jsonb NOT NULL,
	"position" double precision NOT NULL,
	"public_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "table_views_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "tables" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"next_autonumber" bigint DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "record_history" ADD CONSTRAINT "record_history_table_id_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_fields" ADD CONSTRAINT "table_fields_table_id_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_records" ADD CONSTRAINT "table_records_table_id_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_views" ADD CONSTRAINT "table_views_table_id_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tables" ADD CONSTRAINT "tables_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tables" ADD CONSTRAINT "tables_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_history_record_idx" ON "record_history" USING btree ("record_id","created_at");--> statement-breakpoint
CREATE INDEX "table_fields_table_id_idx" ON "table_fields" USING btree ("table_id");--> statement-breakpoint
CREATE UNIQUE INDEX "table_records_table_autonumber_idx" ON "table_records" USING btree ("table_id","autonumber");--> statement-breakpoint
CREATE INDEX "table_records_values_idx" ON "table_records" USING gin ("values" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "table_views_table_id_idx" ON "table_views" USING btree ("table_id");--> statement-breakpoint
CREATE INDEX "tables_account_id_idx" ON "tables" USING btree ("account_id");