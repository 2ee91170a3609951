import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { crossingsOf, importSpecifiers, scanBoundaries } from "./boundaries";

describe("web import boundaries", () => {
  it.each([
    ["a feature importing another feature", "features/shop/item-card.tsx", 'import { x } from "../coins/api/coins-api";', 1],
    [
      "a nested file reaching another feature",
      "features/tasks/components/card.tsx",
      'import type { S } from "../../subjects/api/types";',
      1,
    ],
    ["a re-export from another feature", "features/shop/a.ts", 'export { y } from "../wheel/wheel-api";', 1],
    ["a lazy import of another feature", "features/shop/a.ts", 'const m = await import("../wheel/wheel-modal");', 1],
    ["a shared component importing a feature", "components/login-prompt.tsx", 'import { f } from "../features/auth/auth-dialogs";', 1],
    ["lib importing a feature", "lib/economy/coins-api.ts", 'import { f } from "../../features/shop/api/shop-api";', 1],
    [
      "a feature importing itself, components and lib",
      "features/shop/a.tsx",
      'import { b } from "./b";\nimport { B } from "../../components/button";\nimport { api } from "../../lib/api";\nimport { c } from "../shop/c";',
      0,
    ],
    ["the layout mounting features", "layout/top-bar.tsx", 'import { ShopOverlay } from "../features/shop/shop-overlay";', 0],
    ["the app router loading features", "app/router.tsx", 'import("../features/tasks/tasks-page")', 0],
    [
      "packages and commented-out imports",
      "features/shop/a.ts",
      '// import { x } from "../coins/x";\n/* import { y } from "../wheel/y"; */\nimport { useQuery } from "@tanstack/react-query";',
      0,
    ],
  ])("%s", (_name, file, source, count) => {
    expect(crossingsOf(file, source)).toHaveLength(count);
  });

  it("names the file, the import and both features of a crossing", () => {
    expect(crossingsOf("features/wheel/wheel-modal.tsx", 'import { serverMessage } from "../shop/api/shop-api";')).toEqual([
      {
        file: "features/wheel/wheel-modal.tsx",
        specifier: "../shop/api/shop-api",
        reason: "features/wheel importe une autre fonctionnalité (features/shop)",
      },
    ]);
  });

  it("reads multi-line and type-only imports", () => {
    expect(importSpecifiers('import {\n  a,\n  b,\n} from "./x";\nimport type { T } from "../y";\nimport "./side.css";')).toEqual([
      "./x",
      "../y",
      "./side.css",
    ]);
  });

  const dir = mkdtempSync(join(tmpdir(), "planify-boundaries-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const put = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };

  it("scans a source tree and reports every crossing in it", () => {
    put("features/shop/shop.tsx", 'import { a } from "../coins/a";\nimport { b } from "./b";');
    put("features/shop/b.ts", "export const b = 1;");
    put("features/coins/a.ts", 'import { w } from "../wheel/w";\nexport const a = w;');
    put("features/wheel/w.ts", "export const w = 1;");
    put("lib/ok.ts", 'import { x } from "./x";');
    expect(
      scanBoundaries(dir)
        .map((c) => c.file)
        .sort(),
    ).toEqual(["features/coins/a.ts", "features/shop/shop.tsx"]);
  });
});
