CREATE TABLE "proposal_mutes" (
	"user_id" text NOT NULL,
	"muted_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "proposal_mutes_user_id_muted_id_pk" PRIMARY KEY("user_id","muted_id")
);
--> statement-breakpoint
ALTER TABLE "proposal_mutes" ADD CONSTRAINT "proposal_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_mutes" ADD CONSTRAINT "proposal_mutes_muted_id_users_id_fk" FOREIGN KEY ("muted_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TRIGGER planify_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON proposal_mutes FOR EACH STATEMENT EXECUTE FUNCTION planify_writes_notify();--> statement-breakpoint
DROP TRIGGER planify_writes_update ON users;
--> statement-breakpoint
CREATE TRIGGER planify_writes_update AFTER UPDATE OF
  id, username, username_key, password_hash, role, token_version, first_name, last_name, year, groupe,
  specialite, faction, equipped_item_id, selected_border_color, avatar, avatar_version, avatar_updated_at,
  avatar_crop, public_note, music_src, music_title, music_start_seconds, music_duration_seconds, theme,
  dark_brightness, dark_contrast, dynamic_item_variants, completed_tasks, leaderboard_enabled,
  must_change_password, profile_pending, proposals_blocked, erasure_requested_at, deactivated_at, erase_after,
  created_at, updated_at
  ON users FOR EACH STATEMENT EXECUTE FUNCTION planify_writes_notify();
