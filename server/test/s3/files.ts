// The server test files that also run with files in object storage (vitest project server-s3):
// the ones that upload, download, list or sweep files. A focused list: the rest of the suite
// never touches storage.
export const S3_TEST_FILES = [
  "server/src/features/tasks/files.test.ts",
  "server/src/features/tasks/upload-staging.test.ts",
  "server/src/features/profiles/avatar.test.ts",
  "server/src/features/profiles/avatar-crop.test.ts",
  "server/src/features/profiles/music.test.ts",
  "server/src/features/item-creator/assets.test.ts",
  "server/src/features/storage/storage.test.ts",
  "server/src/features/my-data/export.test.ts",
  "server/src/features/health/health.test.ts",
  "server/src/lib/zip-memory.test.ts",
];
