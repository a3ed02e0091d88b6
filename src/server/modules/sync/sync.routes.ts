import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { authOf } from "../../http/access";
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
}
