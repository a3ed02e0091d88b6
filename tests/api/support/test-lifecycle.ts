import { afterAll, beforeAll } from "vitest";
import { startTestApp, type TestApp } from "./test-app";

/** Starts the test app before a file's tests (`ready` then reads what they share) and closes it after them. */
export function withTestApp(ready: (t: TestApp) => Promise<void>): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp();
    await ready(app);
  });
  afterAll(async () => {
    await app?.close();
  });
}
