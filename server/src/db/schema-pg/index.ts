// The PostgreSQL mirror of ../schema (pg-core): same tables, columns and constraints, proven by
// schema-parity.test.ts; drizzle-kit reads this file through drizzle-pg.config.ts.
export * from "./users";
export * from "./popups";
export * from "./contact";
export * from "./economy";
export * from "./tasks";
export * from "./subjects";
export * from "./social";
export * from "./journal";
export * from "./calendar";
export * from "./school-timetable";
export * from "./item-creator";
export * from "./personal-tasks";
export * from "./reminders";
export * from "./sso";
export * from "./school-settings";
export * from "./rollover";
export * from "./holidays";
export * from "./sessions";
export * from "./job-runs";
export * from "./live";
export * from "./hand-ins";
export * from "./proposals";
export * from "./quests";
