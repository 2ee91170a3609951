CREATE TABLE "job_runs" (
	"name" text NOT NULL,
	"due_at" bigint NOT NULL,
	"status" text NOT NULL,
	"owner" text NOT NULL,
	"lease_until" bigint NOT NULL,
	"attempts" bigint NOT NULL,
	"started_at" bigint NOT NULL,
	"finished_at" bigint,
	"error" text,
	CONSTRAINT "job_runs_name_due_at_pk" PRIMARY KEY("name","due_at")
);
--> statement-breakpoint
-- Written by hand after drizzle-kit's table: the other nodes hear this table's writes as every other's (0003_write-notifications).
CREATE TRIGGER planify_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON job_runs FOR EACH STATEMENT EXECUTE FUNCTION planify_writes_notify();
