// The full drizzle schema: drizzle-kit reads this file; each feature owns one module.
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
export * from "./sessions";
