import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { lingui } from "@lingui/vite-plugin";
import { availableParallelism } from "node:os";

// Three projects: fast unit tests beside the code, API tests that boot the real server on PGlite (and on
// PostgreSQL when TEST_DATABASE_URL is set), and server tests that run the product's start in a child
// process on the embedded PostgreSQL (durability, crash, moving a PGlite folder).
export default defineConfig({
  plugins: [react({ babel: { plugins: [["@lingui/babel-plugin-lingui-macro", { stripMessageField: false }]] } }), lingui()],
  test: {
    // Vitest's default in a run is one worker fewer than the cores: one on a two-core CI machine, where two
    // finish the API files on PGlite in three quarters of the time (half, with isolate: false below).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx", "tests/lint/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts", "tests/sync/**/*.test.ts"],
          globalSetup: ["tests/api/support/global-setup.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // On PostgreSQL the files share one server, and a pull's snapshot horizon is the server's: another
          // file's open transaction would hold back what this one's devices may pull. One file at a time there.
          fileParallelism: !process.env.TEST_DATABASE_URL,
          // A worker loads the server's modules once for all its files, not once per file (that import was
          // a third of the files' time). Each file still starts its own server on its own database; what the
          // server keeps in its modules is keyed by statement text and only steers how a query is run.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          include: ["tests/server/**/*.test.ts"],
          environment: "node",
          // Each file starts servers with the demo seeded and kills them: one file at a time, with room.
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 360_000,
        },
      },
    ],
  },
});
