CREATE TABLE `saml_assertions` (
	`provider_id` text NOT NULL,
	`assertion_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`provider_id`, `assertion_id`)
);
--> statement-breakpoint
CREATE TABLE `saml_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`provider_id` text NOT NULL,
	`next` text NOT NULL,
	`expires_at` integer NOT NULL
);
