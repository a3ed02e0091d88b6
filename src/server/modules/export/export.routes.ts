import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { authOf } from "../../http/access";
import { forbidden } from "../../http/errors";
import { contentDisposition } from "../../http/upload";
import { exportAll } from "./export-all";

/** `GET export/all/`: the whole business as one zip of CSV files, for a superuser (it holds every branch). */
export function registerExportRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get("/api/export/all/", { config: { access: { permissions: [] } } }, async (request, reply) => {
    const auth = authOf(request);
    if (!auth.isSuperuser) throw forbidden();
    const day = new Date().toISOString().slice(0, 10);
    reply.type("application/zip").header("content-disposition", contentDisposition(`business-${day}.zip`));
    return reply.send(exportAll(db, auth.userId));
  });
}
