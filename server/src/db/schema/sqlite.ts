// The SQLite schema (sqlite-core): drizzle-kit reads this file; each feature owns one module. index.ts hands out
// this one or its PostgreSQL mirror (../schema-pg), whichever engine the process runs on.
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
