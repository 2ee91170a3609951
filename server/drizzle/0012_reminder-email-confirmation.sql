ALTER TABLE `reminder_settings` ADD `email_confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `reminder_settings` ADD `email_token_hash` text;--> statement-breakpoint
ALTER TABLE `reminder_settings` ADD `email_token_expires_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `reminder_settings_email_token_idx` ON `reminder_settings` (`email_token_hash`);