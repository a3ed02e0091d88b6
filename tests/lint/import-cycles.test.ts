// The app shell's modules (src/web/app) sit in no import cycle, counting the dynamic imports of lazy
// screens: a route file that loads a screen which reads the route table back would import itself.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const WEB = path.join(ROOT, "src/web");

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The file a relative import names ("./x" as x.ts, x.tsx or x/index.ts), or null for a package. */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx"), base];
  return candidates.find((file) => /\.tsx?$/.test(file) && fs.existsSync(file) && fs.statSync(file).isFile()) ?? null;
}

/** Every relative import, static or dynamic (`import("...")`), of every module of src/web. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(WEB)) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
    const targets = importedFiles.map((imported) => resolveImport(file, imported.fileName));
    graph.set(file, [...new Set(targets.filter((target): target is string => target !== null))]);
  }
  return graph;
}

/** The groups of modules that import each other round (strongly connected, Tarjan), each of two or more. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(path.relative(WEB, member).split(path.sep).join("/"));
    } while (member !== file);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return groups;
}

describe("import cycles", () => {
  it("finds a cycle when there is one", () => {
    const a = path.join(WEB, "a.ts");
    const b = path.join(WEB, "b.ts");
    const c = path.join(WEB, "c.ts");
    expect(
      cycles(
        new Map([
          [a, [b]],
          [b, [a, c]],
          [c, []],
        ]),
      ),
    ).toEqual([["a.ts", "b.ts"]]);
  });

  it("leaves the app shell (routes, sidebar, root screen) out of every cycle", () => {
    const throughApp = cycles(importGraph()).filter((group) => group.some((file) => file.startsWith("app/")));
    expect(throughApp).toEqual([]);
  });
});
