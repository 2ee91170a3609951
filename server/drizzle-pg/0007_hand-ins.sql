CREATE TABLE "hand_in_feedback" (
	"task_id" text NOT NULL,
	"user_id" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"mark" double precision,
	"version" bigint,
	"updated_at" bigint NOT NULL,
	"updated_by" text,
	"published_comment" text,
	"published_mark" double precision,
	"published_version" bigint,
	"published_at" bigint,
	CONSTRAINT "hand_in_feedback_task_id_user_id_pk" PRIMARY KEY("task_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "hand_in_nudges" (
	"task_id" text NOT NULL,
	"paris_day" text NOT NULL,
	"sent_at" bigint NOT NULL,
	"sent_by" text,
	"recipients" bigint NOT NULL,
	CONSTRAINT "hand_in_nudges_task_id_paris_day_pk" PRIMARY KEY("task_id","paris_day")
);
--> statement-breakpoint
CREATE TABLE "hand_in_overrides" (
	"task_id" text NOT NULL,
	"user_id" text NOT NULL,
	"deadline_at" bigint,
	"exempt" boolean DEFAULT false NOT NULL,
	"reopened_at" bigint,
	"updated_at" bigint NOT NULL,
	"updated_by" text,
	CONSTRAINT "hand_in_overrides_task_id_user_id_pk" PRIMARY KEY("task_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "hand_in_versions" (
	"task_id" text NOT NULL,
	"user_id" text NOT NULL,
	"version" bigint NOT NULL,
	"at" bigint NOT NULL,
	"files" text NOT NULL,
	CONSTRAINT "hand_in_versions_task_id_user_id_version_pk" PRIMARY KEY("task_id","user_id","version")
);
--> statement-breakpoint
ALTER TABLE "task_files" ADD COLUMN "removed_at" bigint;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "mark_scale" bigint DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "hand_in_feedback" ADD CONSTRAINT "hand_in_feedback_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hand_in_feedback" ADD CONSTRAINT "hand_in_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hand_in_feedback" ADD CONSTRAINT "hand_in_feedback_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hand_in_nudges" ADD CONSTRAINT "hand_in_nudges_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hand_in_nudges" ADD CONSTRAINT "hand_in_nudges_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hand_in_overrides" ADD CONSTRAINT "hand_in_overrides_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hand_in_overrides" ADD CONSTRAINT "hand_in_overrides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hand_in_overrides" ADD CONSTRAINT "hand_in_overrides_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hand_in_versions" ADD CONSTRAINT "hand_in_versions_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hand_in_versions" ADD CONSTRAINT "hand_in_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hand_in_feedback_user_idx" ON "hand_in_feedback" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "hand_in_overrides_user_idx" ON "hand_in_overrides" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "hand_in_versions_user_idx" ON "hand_in_versions" USING btree ("user_id");--> statement-breakpoint
-- Same list-version triggers as drizzle/0024 on SQLite (see 0001_list-version-triggers).
CREATE TRIGGER list_versions_hand_in_overrides_insert AFTER INSERT ON hand_in_overrides FOR EACH ROW EXECUTE FUNCTION list_versions_task_states_changed();
--> statement-breakpoint
CREATE TRIGGER list_versions_hand_in_overrides_update AFTER UPDATE ON hand_in_overrides FOR EACH ROW EXECUTE FUNCTION list_versions_task_states_changed();
--> statement-breakpoint
CREATE TRIGGER list_versions_hand_in_overrides_delete AFTER DELETE ON hand_in_overrides FOR EACH ROW EXECUTE FUNCTION list_versions_task_states_changed();
--> statement-breakpoint
CREATE TRIGGER list_versions_hand_in_feedback_published AFTER UPDATE OF published_at ON hand_in_feedback FOR EACH ROW EXECUTE FUNCTION list_versions_task_states_changed();
--> statement-breakpoint
-- Every node's caches hear writes to the new tables (0003_write-notifications).
CREATE TRIGGER planify_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hand_in_overrides FOR EACH STATEMENT EXECUTE FUNCTION planify_writes_notify();
--> statement-breakpoint
CREATE TRIGGER planify_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hand_in_versions FOR EACH STATEMENT EXECUTE FUNCTION planify_writes_notify();
--> statement-breakpoint
CREATE TRIGGER planify_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hand_in_feedback FOR EACH STATEMENT EXECUTE FUNCTION planify_writes_notify();
--> statement-breakpoint
CREATE TRIGGER planify_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hand_in_nudges FOR EACH STATEMENT EXECUTE FUNCTION planify_writes_notify();
--> statement-breakpoint
-- Hand-ins made before versions existed become each student's version 1.
INSERT INTO hand_in_versions (task_id, user_id, version, at, files)
SELECT task_id, user_id, 1, max(created_at), json_agg(stored_name ORDER BY created_at)::text
FROM task_files WHERE kind = 'submission' AND user_id IS NOT NULL GROUP BY task_id, user_id;
--> statement-breakpoint
CREATE TRIGGER list_versions_hand_in_feedback_published_insert AFTER INSERT ON hand_in_feedback FOR EACH ROW WHEN (NEW.published_at IS NOT NULL) EXECUTE FUNCTION list_versions_task_states_changed();
