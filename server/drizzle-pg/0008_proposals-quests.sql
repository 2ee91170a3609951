CREATE TABLE "shop_favorites" (
	"user_id" text NOT NULL,
	"item_id" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "shop_favorites_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "task_proposal_files" (
	"stored_name" text PRIMARY KEY NOT NULL,
	"proposal_id" text NOT NULL,
	"original_name" text NOT NULL,
	"ext" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_proposal_groups" (
	"proposal_id" text NOT NULL,
	"groupe" text NOT NULL,
	CONSTRAINT "task_proposal_groups_proposal_id_groupe_pk" PRIMARY KEY("proposal_id","groupe")
);
--> statement-breakpoint
CREATE TABLE "task_proposal_states" (
	"proposal_id" text NOT NULL,
	"user_id" text NOT NULL,
	"accepted" boolean DEFAULT false NOT NULL,
	"checked" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"dismissed" boolean DEFAULT false NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "task_proposal_states_proposal_id_user_id_pk" PRIMARY KEY("proposal_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "task_proposals" (
	"id" text PRIMARY KEY NOT NULL,
	"titre" text NOT NULL,
	"type" text NOT NULL,
	"matiere" text NOT NULL,
	"date" text NOT NULL,
	"heure" text NOT NULL,
	"deadline_at" bigint NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"year" text NOT NULL,
	"specialite" text DEFAULT '' NOT NULL,
	"groupe" text DEFAULT 'Promo' NOT NULL,
	"submission_enabled" boolean DEFAULT false NOT NULL,
	"proposed_by" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"reviewed_by" text,
	"reviewed_at" bigint,
	"task_id" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_quest_days" (
	"user_id" text NOT NULL,
	"paris_day" text NOT NULL,
	"reroll_slot" bigint,
	"bonus_paid_at" bigint,
	"target_name" text DEFAULT '' NOT NULL,
	CONSTRAINT "daily_quest_days_user_id_paris_day_pk" PRIMARY KEY("user_id","paris_day")
);
--> statement-breakpoint
CREATE TABLE "daily_quests" (
	"user_id" text NOT NULL,
	"paris_day" text NOT NULL,
	"slot" bigint NOT NULL,
	"quest_id" text NOT NULL,
	"done_at" bigint,
	CONSTRAINT "daily_quests_user_id_paris_day_slot_pk" PRIMARY KEY("user_id","paris_day","slot")
);
--> statement-breakpoint
CREATE TABLE "quest_counters" (
	"user_id" text NOT NULL,
	"counter" text NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	"paris_day" text,
	CONSTRAINT "quest_counters_user_id_counter_pk" PRIMARY KEY("user_id","counter")
);
--> statement-breakpoint
CREATE TABLE "user_achievements" (
	"user_id" text NOT NULL,
	"achievement_id" text NOT NULL,
	"unlocked_at" bigint NOT NULL,
	CONSTRAINT "user_achievements_user_id_achievement_id_pk" PRIMARY KEY("user_id","achievement_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "proposals_blocked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_favorites" ADD CONSTRAINT "shop_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_proposal_files" ADD CONSTRAINT "task_proposal_files_proposal_id_task_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."task_proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_proposal_groups" ADD CONSTRAINT "task_proposal_groups_proposal_id_task_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."task_proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_proposal_states" ADD CONSTRAINT "task_proposal_states_proposal_id_task_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."task_proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_proposal_states" ADD CONSTRAINT "task_proposal_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_proposals" ADD CONSTRAINT "task_proposals_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_proposals" ADD CONSTRAINT "task_proposals_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_proposals" ADD CONSTRAINT "task_proposals_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_quest_days" ADD CONSTRAINT "daily_quest_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_quests" ADD CONSTRAINT "daily_quests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_counters" ADD CONSTRAINT "quest_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_proposal_files_proposal_idx" ON "task_proposal_files" USING btree ("proposal_id");--> statement-breakpoint
CREATE INDEX "task_proposal_states_user_idx" ON "task_proposal_states" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "task_proposals_status_idx" ON "task_proposals" USING btree ("status","year","created_at");--> statement-breakpoint
CREATE INDEX "task_proposals_author_idx" ON "task_proposals" USING btree ("proposed_by","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_quests_one_per_day" ON "daily_quests" USING btree ("user_id","paris_day","quest_id");--> statement-breakpoint
CREATE INDEX "user_achievements_user_idx" ON "user_achievements" USING btree ("user_id","unlocked_at");--> statement-breakpoint
CREATE TRIGGER planify_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shop_favorites FOR EACH STATEMENT EXECUTE FUNCTION planify_writes_notify();
--> statement-breakpoint
CREATE TRIGGER planify_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON task_proposals FOR EACH STATEMENT EXECUTE FUNCTION planify_writes_notify();
--> statement-breakpoint
CREATE TRIGGER planify_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON task_proposal_groups FOR EACH STATEMENT EXECUTE FUNCTION planify_writes_notify();
--> statement-breakpoint
CREATE TRIGGER planify_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON task_proposal_files FOR EACH STATEMENT EXECUTE FUNCTION planify_writes_notify();
--> statement-breakpoint
CREATE TRIGGER planify_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON task_proposal_states FOR EACH STATEMENT EXECUTE FUNCTION planify_writes_notify();
--> statement-breakpoint
CREATE TRIGGER planify_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON daily_quests FOR EACH STATEMENT EXECUTE FUNCTION planify_writes_notify();
--> statement-breakpoint
CREATE TRIGGER planify_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON daily_quest_days FOR EACH STATEMENT EXECUTE FUNCTION planify_writes_notify();
--> statement-breakpoint
CREATE TRIGGER planify_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON quest_counters FOR EACH STATEMENT EXECUTE FUNCTION planify_writes_notify();
--> statement-breakpoint
CREATE TRIGGER planify_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_achievements FOR EACH STATEMENT EXECUTE FUNCTION planify_writes_notify();
