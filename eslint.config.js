// ESLint 9 flat config: typescript-eslint with type information, the React hooks rules, jsx-a11y, and the
// import boundaries of DESIGN section 2. `npm run lint` runs it with --max-warnings 0 (stage `lint` of
// `npm test`); tests/lint/boundaries.test.ts proves the boundary rules.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import house from "./scripts/eslint-boundaries.js";

// Packages src/core may not import: storage (Dexie, Drizzle, pg, PGlite), the HTTP server (Fastify) and
// the web app's own libraries. Core is pure domain: yup, decimal.js and date-fns are its only packages.
const CORE_FORBIDDEN_PACKAGES = [
  "dexie",
  "dexie/*",
  "dexie-react-hooks",
  "fastify",
  "fastify/*",
  "fastify-*",
  "@fastify/*",
  "drizzle-orm",
  "drizzle-orm/*",
  "drizzle-kit",
  "pg",
  "pg/*",
  "pg-*",
  "@electric-sql/pglite",
  "@electric-sql/pglite/*",
  "react",
  "react/*",
  "react-dom",
  "react-dom/*",
  "react-router",
  "@chakra-ui/*",
  "@lingui/react",
  "@lingui/react/*",
  "ky",
  "jotai",
  "jotai/*",
  "workbox-*",
];

// Every write of the web app is a named command (DESIGN section 8): only the command runner calls the
// API client to write. A screen that posts, puts, patches or deletes by itself skips the table's offline
// rule (queued or needs the network) and its typed argument.
const WRITE_OUTSIDE_COMMANDS =
  "Writes go through a named command (src/web/offline/command-table.ts, runCommand/sendCommand), not the API client.";
const API_WRITES = [
  {
    selector: "CallExpression[callee.object.name='api'][callee.property.name=/^(post|put|patch|delete)$/]",
    message: WRITE_OUTSIDE_COMMANDS,
  },
  { selector: "CallExpression[callee.type='Identifier'][callee.name='api']", message: WRITE_OUTSIDE_COMMANDS },
];

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "dist/",
      "dev-dist/",
      "data/",
      "test-results/",
      "playwright-report/",
      ".pgtest/",
      "src/server/db/migrations/",
      // compiled message catalogs (`npm run i18n:compile`, git-ignored); index.ts is source
      "src/web/locales/*.ts",
      "!src/web/locales/index.ts",
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { house },
    rules: {
      "house/boundaries": "error",
      // React ignores what an event handler returns, so `onClick={async () => ...}` is fine; promises
      // passed where anything else expects a void function are still reported.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      // React Router's navigate() is typed `void | Promise<void>`; it never rejects and is not awaited.
      "@typescript-eslint/no-floating-promises": [
        "error",
        { allowForKnownSafeCalls: [{ from: "package", package: "react-router", name: "NavigateFunction" }] },
      ],
      // `_`-prefixed names are the deliberate "unused" of destructuring and callbacks.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    files: ["src/server/**/*.ts", "tests/api/**/*.ts", "tests/sync/**/*.ts", "tests/bench/**/*.ts"],
    rules: {
      // Fastify takes async hooks, handlers and plugins by contract (a plain function must call done()),
      // so an async function with no await is the idiom there.
      "@typescript-eslint/require-await": "off",
    },
  },
  {
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/**/*.ts"],
    rules: {
      // vitest's asymmetric matchers (expect.any(Number), expect.objectContaining...) are typed `any`.
      "@typescript-eslint/no-unsafe-assignment": "off",
    },
  },
  {
    // The few plain JavaScript files (this config, the boundary rule) are outside tsconfig.json.
    files: ["**/*.js", "**/*.cjs", "**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: globals.node },
  },
  {
    files: ["src/web/**/*.{ts,tsx}", "sw/**/*.ts"],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ["src/web/**/*.{ts,tsx}", "sw/**/*.ts"],
    rules: {
      // These two speak about the React Compiler, which the app does not use: "compilation skipped" for
      // TanStack Table/Virtual, and the fetch-in-effect (`setLoading(true)` before a request) and
      // prop-to-draft effects of the list and form hooks. rules-of-hooks, exhaustive-deps and the other
      // compiler rules (refs, purity, immutability...) stay on.
      "react-hooks/incompatible-library": "off",
      "react-hooks/set-state-in-effect": "off",
    },
  },
  {
    files: ["src/web/**/*.{ts,tsx}", "sw/**/*.ts"],
    // The runner itself; tests may call the client as they like.
    ignores: ["src/web/offline/commands.ts", "**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-restricted-syntax": ["error", ...API_WRITES] },
  },
  {
    files: ["src/web/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ["src/web/**/*.tsx"],
    rules: {
      // Focus moves on purpose (SPEC): the sign-in field, the scanner field of a document, the line just
      // added; a cashier with a barcode scanner must not have to tap a field first.
      "jsx-a11y/no-autofocus": "off",
      // A form's onKeyDown is delegated from its fields (Enter moves to the next field, SPEC): allowed on <form>.
      "jsx-a11y/no-noninteractive-element-interactions": [
        jsxA11y.flatConfigs.recommended.rules["jsx-a11y/no-noninteractive-element-interactions"][0],
        { ...jsxA11y.flatConfigs.recommended.rules["jsx-a11y/no-noninteractive-element-interactions"][1], form: ["onKeyDown"] },
      ],
    },
  },
  {
    files: ["src/core/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: CORE_FORBIDDEN_PACKAGES,
              message: "src/core is pure domain (DESIGN section 2): no storage, server or web packages.",
            },
          ],
        },
      ],
    },
  },
);
