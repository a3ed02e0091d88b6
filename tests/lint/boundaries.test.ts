// Proves the import boundaries of DESIGN section 2 as eslint.config.js enforces them: each snippet is
// linted with the project's real config, as if it were saved at the given path.
import { ESLint } from "eslint";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BOUNDARY_RULES = new Set(["house/boundaries", "no-restricted-imports", "no-restricted-syntax"]);

let eslint: ESLint;
let webRules: ESLint;

beforeAll(async () => {
  // Type information is not needed for import rules, and the snippets' paths are not files of the
  // tsconfig project: lint them without it (same rules otherwise).
  const noTypes = [{ languageOptions: { parserOptions: { projectService: false, project: null, program: null } } }];
  eslint = new ESLint({ cwd: ROOT, overrideConfig: noTypes, ruleFilter: ({ ruleId }) => BOUNDARY_RULES.has(ruleId) });
  webRules = new ESLint({ cwd: ROOT, overrideConfig: noTypes, ruleFilter: ({ ruleId }) => /^(react-hooks|jsx-a11y)\//.test(ruleId) });
  // The first lint loads the config and its plugins: seconds on a busy machine (CI timed the first
  // snippet out at 5 s beside other work). Paid here, under the hook's own time limit, not a test's.
  await eslint.lintText("export {};\n", { filePath: path.join(ROOT, "src/core/snippet.ts") });
  await webRules.lintText("export {};\n", { filePath: path.join(ROOT, "src/web/snippet.tsx") });
}, 120_000);

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return result.messages.filter((m) => m.ruleId !== null && BOUNDARY_RULES.has(m.ruleId)).map((m) => `${m.ruleId}: ${m.message}`);
}

describe("src/core imports nothing from server, web or storage", () => {
  it.each([
    ["dexie", 'import Dexie from "dexie";\nexport const d = Dexie;\n'],
    ["drizzle-orm", 'import { eq } from "drizzle-orm";\nexport const e = eq;\n'],
    ["fastify", 'import type { FastifyInstance } from "fastify";\nexport type F = FastifyInstance;\n'],
    ["pg", 'import pg from "pg";\nexport const p = pg;\n'],
    ["pglite", 'import { PGlite } from "@electric-sql/pglite";\nexport const p = PGlite;\n'],
    ["react", 'import { useState } from "react";\nexport const u = useState;\n'],
  ])("a package: %s", async (_name, code) => {
    const errors = await boundaryErrors("src/core/snippet.ts", code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^no-restricted-imports: .*src\/core is pure domain/);
  });

  it.each([
    ["src/core/snippet.ts", 'import { buildApp } from "../server/app";\nexport const b = buildApp;\n'],
    ["src/core/validation/snippet.ts", 'import type { AppDb } from "../../server/db/client";\nexport type D = AppDb;\n'],
    ["src/core/snippet.ts", 'export { api } from "../web/lib/api";\n'],
    ["src/core/snippet.ts", 'export async function f() {\n  return import("../web/offline/db");\n}\n'],
  ])("server or web code: %s %#", async (file, code) => {
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^house\/boundaries: src\/core is pure domain/);
  });

  it("its own modules and its packages are allowed", async () => {
    const code =
      'import { tryMoney } from "./money";\nimport * as yup from "yup";\nimport { isValid } from "date-fns";\nexport const x = [tryMoney, yup, isValid];\n';
    expect(await boundaryErrors("src/core/snippet.ts", code)).toEqual([]);
  });
});

describe("the server never imports web code", () => {
  it.each([
    ["src/server/snippet.ts", 'import { api } from "../web/lib/api";\nexport const a = api;\n'],
    ["src/server/modules/sale/snippet.ts", 'import type { OutboxEntry } from "../../../web/offline/db";\nexport type O = OutboxEntry;\n'],
  ])("%s", async (file, code) => {
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^house\/boundaries: The server may not import web code/);
  });

  it("core is allowed", async () => {
    const code = 'import { tryMoney } from "../../../core/money";\nexport const t = tryMoney;\n';
    expect(await boundaryErrors("src/server/modules/sale/snippet.ts", code)).toEqual([]);
  });
});

describe("no screen imports another screen's folder", () => {
  it.each([
    // a sibling screen of the same area
    ["src/web/features/stock/print-stock/snippet.tsx", "../scanned-stock/scanned-stock", "stock/print-stock", "stock/scanned-stock"],
    // a screen of another area
    ["src/web/features/sale/sale/snippet.tsx", "../../purchase/purchase/purchase-form", "sale/sale", "purchase/purchase"],
    // from a sub-folder of a screen
    ["src/web/features/sale/sale/lines/snippet.tsx", "../../sale-return/return-lines", "sale/sale", "sale/sale-return"],
    // an area that is one screen (files directly in its folder)
    ["src/web/features/purchase/supplier/snippet.tsx", "../../partner/partner-form", "purchase/supplier", "partner"],
    ["src/web/features/profile/snippet.tsx", "../auth/login-field", "profile", "auth"],
  ])("%s importing %s", async (file, source, from, to) => {
    const errors = await boundaryErrors(file, `import { x } from "${source}";\nexport const y = x;\n`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`house/boundaries: Screen '${from}' may not import from another screen's folder`);
    expect(errors[0]).toContain(`is in '${to}'`);
  });

  it.each([
    ["its own folder", "src/web/features/stock/print-stock/snippet.tsx", "./print-stock-page"],
    ["its own sub-folder", "src/web/features/sale/sale/snippet.tsx", "./lines/sale-lines"],
    ["its own folder from a sub-folder", "src/web/features/sale/sale/lines/snippet.tsx", "../sale-form"],
    ["the shared widgets", "src/web/features/stock/print-stock/snippet.tsx", "../../../components/scanned-stock"],
    ["the web lib", "src/web/features/sale/sale/snippet.tsx", "../../../lib/api"],
    ["the offline layer", "src/web/features/sale/sale/snippet.tsx", "../../../offline/db"],
    ["core", "src/web/features/sale/sale/snippet.tsx", "../../../../core/money"],
    ["an area-level screen's own files", "src/web/features/profile/snippet.tsx", "./profile-field"],
    // the app shell routes to every screen
    ["the router (app/)", "src/web/app/snippet.tsx", "../features/sale/sale/sale-form"],
  ])("allowed: %s", async (_what, file, source) => {
    expect(await boundaryErrors(file, `import { x } from "${source}";\nexport const y = x;\n`)).toEqual([]);
  });
});

describe("the web app writes only through the command table", () => {
  const client = (from: string) => `import { api } from "${from}api-client";\n`;
  it.each([
    [
      "a screen's put",
      "src/web/features/sale/sale/snippet.tsx",
      "../../../lib/",
      'export const save = () => api.put("sale/1/", { json: {} });\n',
    ],
    [
      "a screen's post",
      "src/web/features/users/snippet.tsx",
      "../../lib/",
      'export const reset = () => api.post("user/1/reset-password/", { json: {} });\n',
    ],
    ["a shared widget's delete", "src/web/components/snippet.tsx", "../lib/", 'export const remove = () => api.delete("item/1/");\n'],
    ["a patch from the lib", "src/web/lib/snippet.ts", "./", 'export const rename = () => api.patch("inventory/1/", { json: {} });\n'],
    [
      "the client called with a method",
      "src/web/features/sale/sale/snippet.tsx",
      "../../../lib/",
      'export const save = () => api("sale/1/", { method: "PUT" });\n',
    ],
  ])("refused: %s", async (_what, file, from, code) => {
    const errors = await boundaryErrors(file, client(from) + code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^no-restricted-syntax: Writes go through a named command/);
  });

  it.each([
    ["a screen's read", "src/web/features/sale/sale/snippet.tsx", "../../../lib/", 'export const load = () => api.get("sale/1/");\n'],
    ["the command runner", "src/web/offline/commands.ts", "../lib/", 'export const send = () => api("sale/1/", { method: "PUT" });\n'],
  ])("allowed: %s", async (_what, file, from, code) => {
    expect(await boundaryErrors(file, client(from) + code)).toEqual([]);
  });
});

describe("the React hooks and jsx-a11y rules are on for the web app", () => {
  it("reports missing effect dependencies, a hook called conditionally and an image without alt", async () => {
    const code = [
      'import { useEffect, useState } from "react";',
      "export function Screen({ id, show }: { id: number; show: boolean }) {",
      "  if (show) useState(0);",
      "  useEffect(() => console.log(id), []);",
      '  return <img src="/logo.png" />;',
      "}",
      "",
    ].join("\n");
    const [result] = await webRules.lintText(code, { filePath: path.join(ROOT, "src/web/features/sale/sale/snippet.tsx") });
    expect(result.messages.map((m) => m.ruleId).sort()).toEqual([
      "jsx-a11y/alt-text",
      "react-hooks/exhaustive-deps",
      "react-hooks/rules-of-hooks",
    ]);
  });
});
