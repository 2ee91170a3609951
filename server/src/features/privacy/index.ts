// The public face of features/privacy: erasure (eraseAccount, also behind DELETE /users/{id}),
// retention of old class tasks (the daily job), the privacy notice and the processing record.
export { eraseAccount, ERASED_LABEL, PERSONAL_ROWS, type ErasureResult } from "./erase";
export { privacyNotice, processingRecord } from "./notice";
export { deleteExpiredTasks, eraseExpiredAccounts, RETENTION_CRON, retentionPreview, runDailyPrivacyJob } from "./retention";
export { privacyRoutes } from "./routes";
