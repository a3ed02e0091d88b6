// The house rules of DESIGN section 2 about who may import whom, as an ESLint rule (`house/boundaries`).
//
// `no-restricted-imports` matches the text of an import, and a relative path's text depends on how deep the
// importing file sits ("../scanned-stock/x", "../../stock/scanned-stock/x" and "./x" can all name the same
// file), so it cannot say "another screen's folder". This rule resolves every relative import to a path in
// the repository and compares the folders:
//   - src/core imports nothing from src/server or src/web (its package imports, Dexie, Fastify, Drizzle,
//     pg, PGlite, React, are refused by `no-restricted-imports` in eslint.config.js);
//   - src/server imports nothing from src/web;
//   - a screen of the web app (src/web/features/<area>/<screen>/, or src/web/features/<area>/ for an area
//     that is one screen) imports nothing from another screen's folder: shared pieces belong in
//     src/web/components or src/web/lib.
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Repository-relative path with forward slashes, or null when outside the repository. */
function repoPath(absolute) {
  const rel = path.relative(ROOT, absolute);
  if (rel.startsWith("..") || path.isAbsolute(rel)) return null;
  return rel.split(path.sep).join("/");
}

/** "core" | "server" | "web" | null */
function layer(rel) {
  const m = /^src\/(core|server|web)(\/|$)/.exec(rel);
  return m ? m[1] : null;
}

/**
 * The screen a path belongs to: "sale/sale-return" for src/web/features/sale/sale-return/..., "auth" for
 * src/web/features/auth/login-page.tsx (an area whose files sit directly in its folder is one screen).
 */
function screen(rel) {
  const m = /^src\/web\/features\/([^/]+)(?:\/([^/]+))?(\/.*)?$/.exec(rel);
  if (!m) return null;
  const [, area, second, rest] = m;
  // second is a folder when something follows it; otherwise it is a file of the area itself (or the
  // import names the area's folder, which only the area itself may do).
  return rest !== undefined && second !== undefined ? `${area}/${second}` : area;
}

/** The message id (and data) of a forbidden import from fromRel to toRel, or null. */
function violation(fromRel, toRel) {
  const from = layer(fromRel);
  const to = layer(toRel);
  if (from === "core" && (to === "server" || to === "web")) return "core";
  if (from === "server" && to === "web") return "server";
  if (from === "web" && to === "web") {
    const a = screen(fromRel);
    const b = screen(toRel);
    // An area-level file (features/<area>/x.tsx) and a file in one of that area's screen folders are
    // different screens too.
    if (a !== null && b !== null && a !== b) return { from: a, to: b };
  }
  return null;
}

/** @type {import("eslint").Rule.RuleModule} */
const boundaries = {
  meta: {
    type: "problem",
    docs: { description: "Enforce the import boundaries of DESIGN section 2 (core, server, web features)" },
    schema: [],
    messages: {
      core: "src/core is pure domain: it may not import '{{source}}' (src/{{target}}). Move what both sides need into src/core.",
      server: "The server may not import web code ('{{source}}'). Move what both need into src/core.",
      feature:
        "Screen '{{from}}' may not import from another screen's folder ('{{source}}' is in '{{to}}'). Move the shared piece to src/web/components or src/web/lib.",
    },
  },
  create(context) {
    const filename = context.physicalFilename ?? context.filename;
    const fromRel = repoPath(path.resolve(filename));
    if (fromRel === null || layer(fromRel) === null) return {};

    function check(node, sourceNode) {
      if (!sourceNode || sourceNode.type !== "Literal" || typeof sourceNode.value !== "string") return;
      const source = sourceNode.value;
      if (!source.startsWith(".") && !source.startsWith("/")) return; // packages: see no-restricted-imports
      const toRel = repoPath(path.resolve(path.dirname(path.resolve(filename)), source));
      if (toRel === null) return;
      const v = violation(fromRel, toRel);
      if (v === null) return;
      if (typeof v === "string") {
        context.report({ node, messageId: v, data: { source, target: layer(toRel) } });
      } else {
        context.report({ node, messageId: "feature", data: { source, from: v.from, to: v.to } });
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      TSImportType: (node) => check(node, node.argument?.type === "TSLiteralType" ? node.argument.literal : node.argument),
    };
  },
};

export default { meta: { name: "house" }, rules: { boundaries } };
