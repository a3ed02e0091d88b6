import type { FastifyInstance } from "fastify";
import { periodLockSchema, yearCloseSchema } from "../../../core/validation/accounting-schemas";
import { MESSAGES } from "../../../core/messages";
import type { Db } from "../../db/client";
import { authOf } from "../../http/access";
import { fieldErrors } from "../../http/errors";
import { validateBody } from "../../http/resource";
import { closeYear, periodLocks, reopenYear, setPeriodLock } from "./period-lock.service";
import { routeConfig } from "./route-config";

/** Who keeps the books' locks, closes a year and reopens it. */
export const PERIOD_LOCK_CODE = "change_periodlock";

/** Period locks (per branch, or for every branch) and the year's close and reopen. */
export function registerPeriodLockRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;
  app.get("/api/accounting/period-lock/", { config: routeConfig(["view_periodlock", PERIOD_LOCK_CODE]) }, async (request) =>
    periodLocks(db, authOf(request)),
  );
  app.put("/api/accounting/period-lock/", { config: routeConfig([PERIOD_LOCK_CODE], periodLockSchema) }, async (request) => {
    const body = await validateBody(periodLockSchema, request.body);
    if (!Object.prototype.hasOwnProperty.call(request.body, "lock_date")) throw fieldErrors({ lock_date: [MESSAGES.required] });
    return setPeriodLock(db, authOf(request), body);
  });
  app.post("/api/accounting/year-close/", { config: routeConfig([PERIOD_LOCK_CODE], yearCloseSchema) }, async (request, reply) =>
    reply.status(201).send(await closeYear(db, authOf(request), await validateBody(yearCloseSchema, request.body))),
  );
  app.post("/api/accounting/year-close/reopen/", { config: routeConfig([PERIOD_LOCK_CODE], yearCloseSchema) }, async (request) =>
    reopenYear(db, authOf(request), await validateBody(yearCloseSchema, request.body)),
  );
}
