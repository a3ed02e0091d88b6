import { rm } from "node:fs/promises";
import { prepareSeededDatabase } from "./seeded-database";

/** Vitest global setup of the api project: the seeded database every test file starts from, built once. */
export default async function setup() {
  await prepareSeededDatabase(process.env.TEST_DATABASE_URL);
  return async () => {
    const snapshot = process.env.API_TEST_PGLITE_SNAPSHOT;
    if (snapshot) await rm(snapshot, { force: true });
  };
}
