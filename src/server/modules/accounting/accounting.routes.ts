import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { registerResource } from "../../http/resource";
import { expenseTypeResource, incomeTypeResource } from "./account-type.resource";
import { registerCashboxDocumentRoutes } from "./cashbox-document.routes";
import { cashboxResource } from "./cashbox.resource";
import { registerCashboxTransferRoutes } from "./cashbox-transfer.routes";
import { registerMoneyDocumentRoutes } from "./money-document.routes";
import { registerStatementRoutes } from "./statement.routes";
import { registerBooksRoutes } from "./books.routes";
import { registerPeriodLockRoutes } from "./period-lock.routes";
import { registerLedgerDocument } from "./ledger-document";
import { moneyConversion } from "./money-conversion";
import { cashboxAdjustment } from "./cashbox-adjustment";
import { registerCashboxCountRoutes } from "./cashbox-count";
import { capital } from "./capital";
import { customerDebitInvoice, supplierDebitInvoice } from "./debit-invoice";
import { registerOpeningBalanceRoutes } from "./opening-balance.routes";

/** The Accounting area (SPEC sections 2-9): cashboxes and the documents that move money through them. */
export function registerAccounting(app: FastifyInstance, deps: { db: Db }): void {
  registerResource(app, deps, cashboxResource);
  registerMoneyDocumentRoutes(app, deps);
  registerResource(app, deps, expenseTypeResource);
  registerResource(app, deps, incomeTypeResource);
  registerCashboxDocumentRoutes(app, deps);
  registerCashboxTransferRoutes(app, deps);
  registerStatementRoutes(app, deps);
  registerBooksRoutes(app, deps);
  registerPeriodLockRoutes(app, deps);
  registerLedgerDocument(app, deps.db, moneyConversion);
  registerLedgerDocument(app, deps.db, cashboxAdjustment);
  registerCashboxCountRoutes(app, deps.db);
  registerLedgerDocument(app, deps.db, capital);
  registerLedgerDocument(app, deps.db, supplierDebitInvoice);
  registerLedgerDocument(app, deps.db, customerDebitInvoice);
  registerOpeningBalanceRoutes(app, deps.db);
}
