CREATE TABLE "flow_pins" (
	"flow_id" text NOT NULL,
	"account_id" text NOT NULL,
	"node_id" text NOT NULL,
	"output" jsonb NOT NULL,
	"bytes" integer NOT NULL,
	"source" text NOT NULL,
	"pinned_by" text,
	"pinned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flow_pins_flow_id_node_id_pk" PRIMARY KEY("flow_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "flow_test_listens" (
	"flow_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"node_id" text NOT NULL,
	"user_id" text NOT NULL,
	"listen_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flow_pins" ADD CONSTRAINT "flow_pins_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_test_listens" ADD CONSTRAINT "flow_test_listens_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;