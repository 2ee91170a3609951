import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ALLOWED_API_CALLS } from "./api-calls-allowed";
import { countCalls, newCalls, scanApiCalls } from "./api-calls";

const webSrc = join(fileURLToPath(new URL("../..", import.meta.url)), "web", "src");

describe("hand-typed API paths in the web (npm test)", () => {
  it.each([
    ["a typed call", 'answerOf(apiClient.GET("/api/events", { signal }))', 0],
    ["an api() call with a type argument", 'await api<TaskListResponse>("/events")', 1],
    [
      "an api() call without one, and an upload",
      'api("/coins/equip", { body });\nuploadFiles<X>("/events/" + id + "/attachments", files)',
      2,
    ],
    [
      "transfers to a typed route or to an address the server gave",
      'uploadFiles(routeOf("/api/events/{id}/attachments", { id }), files);\ndownloadAndSave(givenUrl(url))',
      0,
    ],
    ["a nested type argument", 'api<Array<{ id: string }>>("/x")', 1],
    ["a call named in a comment or a method of another object", "// api() ends the session\n/* api(\"/x\") */ foo.api('/y')", 0],
    ["the declaration of api itself", "export async function api<T>(path: string) {}", 0],
  ])("%s", (_name, source, count) => {
    expect(countCalls(source)).toBe(count);
  });

  it("fails on a new hand-typed call with a French message naming the file, and lets the list shrink", () => {
    const allowed = { "features/a.ts": 2 };
    expect(newCalls({ "features/a.ts": 1 }, allowed)).toEqual([]);
    expect(newCalls({ "features/a.ts": 3, "features/b.ts": 1 }, allowed)).toEqual([
      "web/src/features/a.ts : 3 appel(s) à chemin écrit à la main (autorisé(s) : 2). Passe par apiClient (web/src/lib/api/client.ts).",
      "web/src/features/b.ts : 1 appel(s) à chemin écrit à la main (autorisé(s) : 0). Passe par apiClient (web/src/lib/api/client.ts).",
    ]);
  });

  it("the web as it is stays within the allowed list, and the list names no file that has none left", () => {
    const found = scanApiCalls(webSrc);
    expect(newCalls(found, ALLOWED_API_CALLS)).toEqual([]);
    expect(Object.keys(ALLOWED_API_CALLS).filter((file) => !found[file])).toEqual([]);
  });
});
