import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { REPLAY_BATCH_MAX_BYTES, type ReplayBatchRequest } from "../../../core/replay-batch";
import { replayBatchSchema } from "../../../core/validation/replay-batch-schema";
import { authOf } from "../../http/access";
import { validateBody } from "../../http/resource";
import { runReplayBatch } from "./replay-batch";
import { pullJson } from "./sync.service";

/**
 * Reference data for the device cache. Any signed-in user may pull it: it is what the screens need
 * to work offline (items to sell, customers of the user's branches), scoped to the user's branches.
 */
export function registerSyncRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get("/api/sync/pull/", { config: { access: { permissions: [] } } }, async (request, reply) => {
    const query = request.query as { since?: string; limit?: string };
    // The page's JSON is built by the database; sent as it is.
    const body = await pullJson(db, authOf(request), query.since || undefined, query.limit);
    return reply.type("application/json; charset=utf-8").send(body);
  });

  // The outbox's batch replay (replay-batch.ts): any signed-in user; each entry passes its own route's checks.
  const batchSchema = replayBatchSchema();
  app.post(
    "/api/sync/replay/",
    { bodyLimit: REPLAY_BATCH_MAX_BYTES, config: { access: { permissions: [] }, body: batchSchema } },
    async (request) => {
      authOf(request);
      const batch: ReplayBatchRequest = await validateBody(batchSchema, request.body);
      return runReplayBatch(app, request.headers.authorization ?? "", batch.entries);
    },
  );
}
