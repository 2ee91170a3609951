import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { emptyCatches, scanEmptyCatches } from "./empty-catches";

describe("empty catch check", () => {
  it.each([
    ["try { a(); } catch {}", [1]],
    ["try {\n  a();\n} catch {\n}", [3]],
    ["try { a(); } catch (e) {  }", [1]],
    ["try { a(); } catch (error: unknown) {}", [1]],
    ["a();\nvoid send().catch(() => undefined);", [2]],
    ["load()\n  .then(show)\n  .catch((_e) => {});", [3]],
    ["x.catch(() => null)", [1]],
  ])("refuses an empty body or a swallowed rejection without a comment: %j", (source, lines) => {
    expect(emptyCatches(source)).toEqual(lines);
  });

  it.each([
    "try { a(); } catch {\n  // Storage blocked: the preference simply is not kept.\n}",
    "try { a(); } catch { /* private mode */ }",
    "try { a(); } catch (e) {\n  console.warn(e);\n}",
    "try { a(); } catch {\n  return null;\n}",
    'const text = "try { x } catch {}";',
    "const text = `catch (e) {}`;",
    "promise.catch(() => undefined); // a lost sound is not worth a message",
    "// A failed check is tried again at the next interval.\nvoid reg.update().catch(() => undefined);",
    "promise.catch((error) => log(error));",
  ])("accepts a handled or commented catch: %j", (source) => {
    expect(emptyCatches(source)).toEqual([]);
  });

  it("names each file and line of the tree it scans, and skips node_modules", () => {
    const root = mkdtempSync(join(tmpdir(), "planify-catches-"));
    try {
      mkdirSync(join(root, "src", "lib"), { recursive: true });
      mkdirSync(join(root, "src", "node_modules"), { recursive: true });
      writeFileSync(join(root, "src", "lib", "a.ts"), "export function a() {\n  try {\n    b();\n  } catch {}\n}\n");
      writeFileSync(join(root, "src", "lib", "b.tsx"), "try { c(); } catch {\n  // why\n}\n");
      writeFileSync(join(root, "src", "node_modules", "c.ts"), "try {} catch {}");
      expect(scanEmptyCatches(root, ["src"])).toEqual([{ file: "src/lib/a.ts", line: 4 }]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
