// The tables the services query, of the engine this process runs on (db/engine-choice.ts): the
// SQLite schema (./sqlite.ts) or its PostgreSQL mirror (../schema-pg, same names and columns,
// proven by schema-parity.test.ts). Typed as SQLite's: the query builders are the same on both.
import { chosenEngine } from "../engine-choice";
import * as pg from "../schema-pg";
import * as sqlite from "./sqlite";

export type { CreatedItemLook } from "./item-creator";

const tables = (chosenEngine() === "postgres" ? pg : sqlite) as unknown as typeof sqlite;

export const {
  adminJournal,
  authAttempts,
  calendarFeeds,
  coinLedger,
  contactMessages,
  createdColors,
  createdItems,
  dailyShops,
  factions,
  idempotencyKeys,
  itemAssets,
  jobRuns,
  listVersions,
  liveEvents,
  patchNotes,
  personalTasks,
  popupAcks,
  popups,
  prestigeGrants,
  redeemCodeUses,
  redeemCodes,
  reminderDeliveries,
  reminderDevices,
  reminderSettings,
  resetGrants,
  rollovers,
  samlAssertions,
  samlRequests,
  schoolHolidays,
  schoolSettings,
  seasons,
  secretQuestions,
  sessions,
  ssoIdentities,
  ssoLoginCodes,
  ssoProviders,
  subjectRules,
  subjects,
  taskFiles,
  taskGroups,
  taskMilestones,
  taskStates,
  tasks,
  timetableSources,
  userEconomy,
  userItems,
  users,
  wheelSpins,
} = tables;
