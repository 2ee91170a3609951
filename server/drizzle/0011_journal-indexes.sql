DROP INDEX `admin_journal_at_idx`;--> statement-breakpoint
DROP INDEX `admin_journal_target_idx`;