CREATE TABLE "integration_trigger_items" (
	"flow_id" text NOT NULL,
	"item_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_trigger_items_flow_id_item_key_pk" PRIMARY KEY("flow_id","item_key")
);
--> statement-breakpoint
CREATE TABLE "integration_triggers" (
	"flow_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"version_id" text NOT NULL,
	"node_id" text NOT NULL,
	"step_type" text NOT NULL,
	"connection_id" text NOT NULL,
	"params" jsonb NOT NULL,
	"mode" text NOT NULL,
	"cursor" jsonb,
	"next_poll_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_polled_at" timestamp with time zone,
	"status" text DEFAULT 'listening' NOT NULL,
	"status_message" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integration_trigger_items" ADD CONSTRAINT "integration_trigger_items_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_triggers" ADD CONSTRAINT "integration_triggers_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_triggers" ADD CONSTRAINT "integration_triggers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_trigger_items_created_idx" ON "integration_trigger_items" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "integration_triggers_next_poll_idx" ON "integration_triggers" USING btree ("next_poll_at");--> statement-breakpoint
CREATE INDEX "integration_triggers_connection_idx" ON "integration_triggers" USING btree ("connection_id");