import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { DATABASE_NAME } from "../db/embedded-postgres";

/**
 * The address of the embedded server running on a cluster folder (the product's own start, as its
 * postmaster.pid and password file say), or null when none runs there.
 */
export async function runningClusterUrl(clusterDir: string): Promise<string | null> {
  const pidFile = await readFile(join(clusterDir, "postmaster.pid"), "utf8").catch(() => null);
  if (!pidFile) return null;
  const lines = pidFile.split("\n");
  const pid = Number(lines[0]);
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return null;
  }
  const password = (await readFile(join(clusterDir, "backoffice.password"), "utf8")).trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${Number(lines[3])}/${DATABASE_NAME}`;
}
