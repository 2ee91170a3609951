CREATE TABLE "proposal_mutes" (
	"user_id" text NOT NULL,
	"muted_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "proposal_mutes_user_id_muted_id_pk" PRIMARY KEY("user_id","muted_id")
);
--> statement-breakpoint
ALTER TABLE "proposal_mutes" ADD CONSTRAINT "proposal_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_mutes" ADD CONSTRAINT "proposal_mutes_muted_id_users_id_fk" FOREIGN KEY ("muted_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TRIGGER planify_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON proposal_mutes FOR EACH STATEMENT EXECUTE FUNCTION planify_writes_notify();