ALTER TABLE "integration_connections" ADD COLUMN "client_secret_sealed" text;--> statement-breakpoint
ALTER TABLE "integration_oauth_states" ADD COLUMN "connection_id" text;--> statement-breakpoint
ALTER TABLE "integration_oauth_states" ADD COLUMN "context_sealed" text;