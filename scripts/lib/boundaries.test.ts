import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  crossingsOf,
  featureCycles,
  importSpecifiers,
  scanBoundaries,
  scanServerBoundaries,
  serverImportsOf,
  serverProblems,
} from "./boundaries";
import { ALLOWED_SERVER_EDGES } from "./server-feature-edges";

/**
 * The allow-list's length: it may only go down, except when a new feature needs its own edges
 * (29 when written; 32 with hand-ins, which reads tasks, subjects' rules and sends through reminders;
 * 33 with proposals, which shows and validates proposals by the tasks feature's class rule and fields;
 * 35 with quests, whose progress the wheel's spin and a counted task check move in their own transaction;
 * 36 as a season's close unlocks « Guerre gagnée » for the winning faction's members in its transaction;
 * 37 as the yearly rollover closes the proposals still waiting in its transaction and removes their files).
 */
const EDGES_MAX = 37;

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

describe("server feature boundaries", () => {
  it.each([
    ["a feature importing another feature's index", "features/coins/spin.ts", 'import { grantTarget } from "../items";', true],
    ["the index named in full", "features/coins/spin.ts", 'import { grantTarget } from "../items/index";', true],
    ["a feature reaching a file inside another", "features/coins/spin.ts", 'import { grantTarget } from "../items/ownership";', false],
    ["a nested file reaching inside another", "features/coins/sub/a.ts", 'import type { X } from "../../items/refs";', false],
    ["a lazy import reaching inside another", "features/coins/a.ts", 'const m = await import("../items/refs");', false],
    ["app.ts reaching a routes file", "app.ts", 'import { coinsRoutes } from "./features/coins/routes";', false],
    ["app.ts using the index", "app.ts", 'import { coinsRoutes } from "./features/coins";', true],
  ])("%s", (_name, file, source, viaIndex) => {
    expect(serverImportsOf(file, source).map((i) => i.viaIndex)).toEqual([viaIndex]);
  });

  it.each([
    [
      "its own feature, lib, db and packages",
      "features/coins/a.ts",
      'import { b } from "./b";\nimport { x } from "../../lib/ledger";\nimport type { Tx } from "../../db/types";\nimport { t } from "elysia";',
    ],
    ["a test file", "features/coins/a.test.ts", 'import { x } from "../tasks/test-support";'],
    ["a test kit", "features/coins/test-kit.ts", 'import { x } from "../auth/tokens";'],
    ["a file outside the features and app.ts", "demo/seed.ts", 'import { x } from "../features/users/service";'],
  ])("ignores %s", (_name, file, source) => {
    expect(serverImportsOf(file, source)).toEqual([]);
  });

  it("fails a new edge in French, naming the file and the import", () => {
    const imports = serverImportsOf("features/gifts/service.ts", 'import { spin } from "../coins";');
    expect(serverProblems(imports, [])).toEqual([
      "server/src/features/gifts/service.ts → ../coins : nouvelle dépendance entre fonctionnalités (gifts → coins), absente de la liste autorisée (scripts/lib/server-feature-edges.ts), qui ne peut que raccourcir",
    ]);
    expect(serverProblems(imports, ["gifts → coins"])).toEqual([]);
  });

  it("fails a deep import even along an allowed edge, and an allowed edge no longer used", () => {
    const imports = serverImportsOf("features/gifts/service.ts", 'import { x } from "../coins/inventory";');
    expect(serverProblems(imports, ["gifts → coins", "gifts → items"])).toEqual([
      "server/src/features/gifts/service.ts → ../coins/inventory : importe un fichier interne de features/coins ; passer par son index (features/coins/index.ts)",
      "dépendance autorisée mais plus utilisée (gifts → items) : la retirer de scripts/lib/server-feature-edges.ts",
    ]);
  });

  it("fails a cycle between features, even when each edge is allowed", () => {
    const imports = [
      ...serverImportsOf("features/tasks/list-window.ts", 'import { personalTasksFrom } from "../personal-tasks";'),
      ...serverImportsOf("features/personal-tasks/service.ts", 'import { deadlineOf } from "../tasks";'),
    ];
    expect(serverProblems(imports, ["tasks → personal-tasks", "personal-tasks → tasks"])).toEqual([
      "cycle entre fonctionnalités du serveur : personal-tasks → tasks → personal-tasks",
    ]);
  });

  it("finds longer cycles once each, and none in a tree", () => {
    expect(featureCycles(["a → b", "b → c", "c → a", "c → d", "d → c", "x → a"])).toEqual(["a → b → c → a", "c → d → c"]);
    expect(featureCycles(["a → b", "a → c", "b → c", "c → d"])).toEqual([]);
  });

  const dir = mkdtempSync(join(tmpdir(), "planify-server-boundaries-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const put = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };

  it("scans app.ts and the features of a source tree", () => {
    put("app.ts", 'import { tasksRoutes } from "./features/tasks/routes";\nimport { x } from "./features/coins";');
    put("features/tasks/routes.ts", 'import { personal } from "../personal-tasks/service";');
    put("features/personal-tasks/service.ts", 'import { deadlineOf } from "../tasks";');
    put("features/personal-tasks/service.test.ts", 'import { x } from "../coins/test-kit";');
    put("lib/ok.ts", 'import { x } from "../features/coins/inventory";');
    expect(scanServerBoundaries(dir, ["tasks → personal-tasks"]).problems.sort()).toEqual(
      [
        "server/src/app.ts → ./features/tasks/routes : importe un fichier interne de features/tasks ; passer par son index (features/tasks/index.ts)",
        "server/src/features/personal-tasks/service.ts → ../tasks : nouvelle dépendance entre fonctionnalités (personal-tasks → tasks), absente de la liste autorisée (scripts/lib/server-feature-edges.ts), qui ne peut que raccourcir",
        "server/src/features/tasks/routes.ts → ../personal-tasks/service : importe un fichier interne de features/personal-tasks ; passer par son index (features/personal-tasks/index.ts)",
        "cycle entre fonctionnalités du serveur : personal-tasks → tasks → personal-tasks",
      ].sort(),
    );
  });

  it("holds in this repository, with an allow-list that only shrinks and has no cycle", () => {
    expect(scanServerBoundaries(join(__dirname, "..", "..", "server", "src"), ALLOWED_SERVER_EDGES).problems).toEqual([]);
    expect(featureCycles(ALLOWED_SERVER_EDGES)).toEqual([]);
    // Lower this number whenever an edge leaves the list; never raise it.
    expect(ALLOWED_SERVER_EDGES.length).toBeLessThanOrEqual(EDGES_MAX);
  });
});
