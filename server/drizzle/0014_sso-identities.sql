CREATE TABLE `sso_identities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider_id` text NOT NULL,
	`subject` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sso_identities_subject_idx` ON `sso_identities` (`provider_id`,`subject`);--> statement-breakpoint
CREATE UNIQUE INDEX `sso_identities_user_idx` ON `sso_identities` (`user_id`,`provider_id`);--> statement-breakpoint
CREATE TABLE `sso_login_codes` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
