CREATE TABLE `job_runs` (
	`name` text NOT NULL,
	`due_at` integer NOT NULL,
	`status` text NOT NULL,
	`owner` text NOT NULL,
	`lease_until` integer NOT NULL,
	`attempts` integer NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`error` text,
	PRIMARY KEY(`name`, `due_at`)
);
