import type { FastifyInstance, FastifyRequest } from "fastify";
import { object, string } from "yup";
import { MESSAGES } from "../../../core/messages";
import { isoDateField, optionalId, requiredId } from "../../../core/validation/common";
import { payrollSchema, salaryAdvanceSchema } from "../../../core/validation/hr-schemas";
import type { Db } from "../../db/client";
import { authOf } from "../../http/access";
import { idempotentCreate, readFormToken } from "../../http/idempotency";
import { registerListRoutes } from "../../http/list-routes";
import { parseId, registerResource, validateBody } from "../../http/resource";
import { routeConfig } from "../accounting/route-config";
import { employeeContractResource } from "./employee-contract.resource";
import { employeeResource } from "./employee.resource";
import { payrollList, salaryAdvanceList } from "./payroll.list";
import * as payroll from "./payroll.service";
import { payrollDraft, payrollListReport } from "./payroll-sheet.service";
import { positionResource } from "./position.resource";
import * as advance from "./salary-advance.service";

const idOf = (request: FastifyRequest) => parseId((request.params as { id: string }).id);
const bodyOf = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;

const periodFields = {
  period_start: isoDateField().required(MESSAGES.selectStartAndEndDate),
  period_end: isoDateField()
    .required(MESSAGES.selectStartAndEndDate)
    .test("range", MESSAGES.selectStartAndEndDate, function check(value) {
      const start = (this.parent as { period_start?: string }).period_start;
      return !value || !start || start <= value;
    }),
};
const draftQuery = object({ ...periodFields, branch: requiredId(), cashbox: requiredId(), payroll: optionalId() });
const payrollListQuery = object({
  ...periodFields,
  branch: string()
    .matches(/^\d{1,9}(,\d{1,9})*$/, MESSAGES.invalid)
    .nullable(),
});

/** The HR area: positions, employees, contracts, pay runs, salary advances, the payroll list. */
export function registerHr(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;
  registerResource(app, deps, positionResource);
  registerResource(app, deps, employeeResource);
  registerResource(app, deps, employeeContractResource);

  // Static paths before hr/payroll/:id/.
  app.get("/api/hr/payroll/draft/", { config: { access: { permissions: ["add_payroll", "change_payroll"] } } }, async (request) => {
    const q = await validateBody(draftQuery, request.query);
    return payrollDraft(db, authOf(request), {
      branch: q.branch,
      cashbox: q.cashbox,
      start: q.period_start,
      end: q.period_end,
      payroll: q.payroll ?? null,
    });
  });
  app.get("/api/hr/payroll-list/", { config: { access: { permissions: ["view_employeecontract"] } } }, async (request) => {
    const q = await validateBody(payrollListQuery, request.query);
    const branches = q.branch ? q.branch.split(",").map(Number) : null;
    return payrollListReport(db, authOf(request), { start: q.period_start, end: q.period_end, branches });
  });

  const validatePayroll = (p: unknown) => validateBody(payrollSchema, p);
  registerListRoutes(app, db, "/api/hr/payroll/", payrollList, { view: ["view_payroll"] });
  app.get("/api/hr/payroll/:id/", { config: { access: { permissions: ["view_payroll"] } } }, async (request) =>
    payroll.readPayroll(db, idOf(request), authOf(request)),
  );
  app.post("/api/hr/payroll/", { config: routeConfig(["add_payroll"], payrollSchema) }, async (request, reply) => {
    const auth = authOf(request);
    const payload = bodyOf(request);
    const result = await idempotentCreate(db, auth, payload, async (tx) => ({
      status: 201,
      body: await payroll.createPayrollTx(tx, auth, await validatePayroll(payload), readFormToken(payload)),
    }));
    return reply.status(result.status).send(result.body);
  });
  app.put("/api/hr/payroll/:id/", { config: routeConfig(["change_payroll"], payrollSchema) }, async (request) =>
    payroll.updatePayroll(db, authOf(request), idOf(request), bodyOf(request), validatePayroll),
  );
  app.delete("/api/hr/payroll/:id/", { config: { access: { permissions: ["delete_payroll"] } } }, async (request) => {
    await payroll.deletePayroll(db, authOf(request), idOf(request));
    return { message: MESSAGES.deleted };
  });

  // Advances are part of payroll: its permission codes.
  const validateAdvance = (p: unknown) => validateBody(salaryAdvanceSchema, p);
  registerListRoutes(app, db, "/api/hr/salary-advance/", salaryAdvanceList, { view: ["view_payroll"] });
  app.get("/api/hr/salary-advance/:id/", { config: { access: { permissions: ["view_payroll"] } } }, async (request) =>
    advance.readSalaryAdvance(db, idOf(request), authOf(request)),
  );
  app.post("/api/hr/salary-advance/", { config: routeConfig(["add_payroll"], salaryAdvanceSchema) }, async (request, reply) => {
    const auth = authOf(request);
    const payload = bodyOf(request);
    const result = await idempotentCreate(db, auth, payload, async (tx) => ({
      status: 201,
      body: await advance.createSalaryAdvanceTx(tx, auth, await validateAdvance(payload), readFormToken(payload)),
    }));
    return reply.status(result.status).send(result.body);
  });
  app.put("/api/hr/salary-advance/:id/", { config: routeConfig(["change_payroll"], salaryAdvanceSchema) }, async (request) =>
    advance.updateSalaryAdvance(db, authOf(request), idOf(request), bodyOf(request), validateAdvance),
  );
  app.delete("/api/hr/salary-advance/:id/", { config: { access: { permissions: ["delete_payroll"] } } }, async (request) => {
    await advance.deleteSalaryAdvance(db, authOf(request), idOf(request));
    return { message: MESSAGES.deleted };
  });
}
