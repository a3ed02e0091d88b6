import { defineConfig, devices } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

// End-to-end tests in Debian's Chromium against the real server (the embedded PostgreSQL, demo data, fresh DATA_DIR),
// which also serves the built web app from dist/web: run `npm run build` first (scripts/test-all.sh does).
//
// Environment:
//   CHROMIUM_PATH   browser binary (default /usr/bin/chromium; Playwright's own download is not used)
//   E2E_BASE_URL    test an already running server instead of starting one (e.g. http://127.0.0.1:8000)
//   E2E_PORT        port for the server started here (default: a free port)
//   E2E_DATABASE_URL  run the started server on PostgreSQL instead of a fresh embedded database
//   E2E_SERVER_LOG  set to show the server's stdout
//   WEB_ROOT        serve this build of the web app instead of dist/web (e.g. `vite build --outDir /tmp/web`)

const root = resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");
const isCI = !!process.env.CI;

// The config is evaluated in the runner and again in every worker; the runner picks the port and the data
// directory once and passes them to the workers through the environment.
function freePort(): number {
  const out = spawnSync(
    process.execPath,
    ["-e", "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"],
    { encoding: "utf8" },
  );
  const port = Number(out.stdout.trim());
  if (!Number.isInteger(port) || port <= 0) throw new Error(`could not find a free port: ${out.stderr}`);
  return port;
}

const external = process.env.E2E_BASE_URL;
if (!external) {
  if (!process.env.E2E_PORT) process.env.E2E_PORT = String(freePort());
  if (!process.env.E2E_DATA_DIR) {
    const dir = mkdtempSync(join(tmpdir(), "backoffice-e2e-"));
    process.env.E2E_DATA_DIR = dir;
    // Only the process that created it removes it, after the web server has been stopped.
    process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  }
}
const port = process.env.E2E_PORT;
const baseURL = external ?? `http://127.0.0.1:${port}`;

// The branches' zone, for the browser, the server and the specs alike: the server's "today" (the
// dashboard's, the installments due) is the date in its own zone, the device shows a kept copy of the
// dashboard only on the day it answers for, and the specs compute the dates the screens should show.
// Apart, they disagree for three hours of every night. Set here, it reaches the runner and its workers
// (which evaluate this file too) and the server (which inherits their environment).
const TIME_ZONE = "Asia/Baghdad";
process.env.TZ = TIME_ZONE;

const serverEnv: Record<string, string> = {
  PORT: String(port),
  DATA_DIR: process.env.E2E_DATA_DIR ?? "",
  // The run's archive beside its database, and no backup on a schedule in the middle of a run.
  BACKUP_DIR: join(process.env.E2E_DATA_DIR ?? ".", "backups"),
  BACKUP_EVERY_HOURS: "0",
  SEED_DEMO: "true",
  NODE_ENV: "production",
  HOST: "127.0.0.1",
};
if (process.env.E2E_DATABASE_URL) serverEnv.DATABASE_URL = process.env.E2E_DATABASE_URL;
if (process.env.WEB_ROOT) serverEnv.WEB_ROOT = process.env.WEB_ROOT;

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  outputDir: join(root, "test-results/e2e"),
  fullyParallel: false,
  workers: 1,
  retries: isCI ? 1 : 0,
  forbidOnly: isCI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: isCI ? [["list"], ["html", { outputFolder: join(root, "playwright-report"), open: "never" }]] : [["list"]],
  use: {
    baseURL,
    headless: true,
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    actionTimeout: 10_000,
    navigationTimeout: 30_000,
    locale: "en-US",
    timezoneId: TIME_ZONE,
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        // Debian's chromium: the channel/browser download of Playwright is never used.
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-quic",
            "--no-first-run",
          ],
        },
      },
    },
  ],
  webServer: external
    ? undefined
    : {
        // `env -u` keeps a DATABASE_URL of the caller's shell from pointing the test server at a real database.
        command: process.env.E2E_DATABASE_URL
          ? "node --import tsx src/server/main.ts"
          : "env -u DATABASE_URL node --import tsx src/server/main.ts",
        cwd: root,
        url: `${baseURL}/api/health/`,
        env: serverEnv,
        reuseExistingServer: false,
        timeout: 180_000,
        // Server request logs are noisy; E2E_SERVER_LOG=1 shows them. Its stderr is always shown.
        stdout: process.env.E2E_SERVER_LOG ? "pipe" : "ignore",
        stderr: "pipe",
        gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      },
});
