CREATE TABLE "table_indexes" (
	"name" text PRIMARY KEY NOT NULL,
	"table_id" text NOT NULL,
	"account_id" text NOT NULL,
	"field_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tables" ADD COLUMN "record_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "table_indexes" ADD CONSTRAINT "table_indexes_table_id_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "table_indexes_table_id_idx" ON "table_indexes" USING btree ("table_id");--> statement-breakpoint
UPDATE "tables" SET "record_count" = (SELECT count(*) FROM "table_records" r WHERE r."table_id" = "tables"."id");--> statement-breakpoint
CREATE FUNCTION "table_records_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tables" t SET "record_count" = t."record_count" + n.added
  FROM (SELECT "table_id", count(*) AS added FROM inserted GROUP BY "table_id") n
  WHERE t."id" = n."table_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "table_records_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tables" t SET "record_count" = t."record_count" - n.removed
  FROM (SELECT "table_id", count(*) AS removed FROM deleted GROUP BY "table_id") n
  WHERE t."id" = n."table_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "table_records_counted_insert" AFTER INSERT ON "table_records"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "table_records_count_inserted"();--> statement-breakpoint
CREATE TRIGGER "table_records_counted_delete" AFTER DELETE ON "table_records"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "table_records_count_deleted"();
