import { Readable } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { toIsoDate } from "../../../core/dates";
import { MAX_PAGE_SIZE } from "../../../core/list-query";
import { MESSAGES } from "../../../core/messages";
import { ledgerAccountSchema } from "../../../core/validation/accounting-schemas";
import type { Db } from "../../db/client";
import { authOf, visibleBranches, type AuthContext } from "../../http/access";
import { fieldErrors } from "../../http/errors";
import { validateBody } from "../../http/resource";
import { EXPORT_FORMATS, sendTextTableExport } from "../../http/list-export";
import { EXPORT_LANGUAGES, languageOfHeader } from "../../http/export-language";
import { dateRange, idList, oneOf, optionalDate, single, type RawQuery } from "../report/report-params";
import type { BooksQuery } from "./books.repository";
import * as books from "./books.service";
import { chartAccounts, changeAccount } from "./chart.service";
import { routeConfig } from "./route-config";

/** Who reads the statements: SPEC's report code pattern, one code for the four of them. */
const FINANCIAL_STATEMENTS_CODE = "report_view_financial_statements";
const statements = { config: { access: { permissions: [FINANCIAL_STATEMENTS_CODE] } } };

const queryOf = (request: FastifyRequest) => (request.query ?? {}) as RawQuery;

/** branch (or branches): a comma list narrowed to the caller's; one they may not see narrows to nothing. */
function branchesOf(q: RawQuery, auth: AuthContext): number[] {
  const asked = [...idList(q, "branch"), ...idList(q, "branches")];
  return asked.length > 0 ? visibleBranches(auth, asked) : auth.branchIds;
}

function currencyOf(q: RawQuery): number | null {
  const ids = idList(q, "currency");
  if (ids.length > 1) throw fieldErrors({ currency: [MESSAGES.invalidChoice] });
  return ids[0] ?? null;
}

function booksQuery(request: FastifyRequest, withCurrency: boolean): BooksQuery {
  const q = queryOf(request);
  const { startDate, endDate } = dateRange(q);
  return { branchIds: branchesOf(q, authOf(request)), startDate, endDate, currencyId: withCurrency ? currencyOf(q) : null };
}

/** `lang` (en, ar, ckb), else the caller's Accept-Language: the language the exports name accounts and titles in. */
function languageOf(request: FastifyRequest) {
  const q = queryOf(request);
  return single(q.lang) ? oneOf(q, "lang", EXPORT_LANGUAGES, "en") : languageOfHeader(request.headers["accept-language"]);
}

function accountOf(q: RawQuery): string {
  const account = single(q.account);
  if (!account) throw fieldErrors({ account: [MESSAGES.required] });
  return account;
}

const MAX_PAGE = 1_000_000;

function pageOf(q: RawQuery): { page: number; pageSize: number } {
  const rawPage = single(q.page);
  const rawSize = single(q.page_size);
  const page = rawPage ? Number(rawPage) : 1;
  const pageSize = rawSize ? Number(rawSize) : 100;
  if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE) throw fieldErrors({ page: [MESSAGES.invalidPage] });
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw fieldErrors({ page_size: [`less than or equal to ${MAX_PAGE_SIZE}`] });
  }
  return { page, pageSize };
}

/**
 * The books: the chart of accounts (view_account; its codes and names change with
 * change_account), and the trial balance, general ledger, profit and loss and balance sheet.
 */
export function registerBooksRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;
  // Who reads the statements also reads the chart (the general ledger picks an account from it).
  app.get(
    "/api/accounting/account/",
    { config: { access: { permissions: ["view_account", FINANCIAL_STATEMENTS_CODE] } } },
    async (request) => chartAccounts(db, authOf(request).branchIds),
  );
  app.patch("/api/accounting/account/:id/", { config: routeConfig(["change_account"], ledgerAccountSchema) }, async (request) =>
    changeAccount(db, authOf(request), (request.params as { id: string }).id, await validateBody(ledgerAccountSchema, request.body)),
  );

  app.get("/api/accounting/trial-balance/", statements, async (request) => books.trialBalanceReport(db, booksQuery(request, true)));

  app.get("/api/accounting/general-ledger/", statements, async (request) => {
    const q = queryOf(request);
    return books.generalLedgerReport(db, { ...booksQuery(request, true), account: accountOf(q), ...pageOf(q) });
  });

  // Every line of the account (not a page) as CSV or XLSX, by the exports' cell rule.
  app.get("/api/accounting/general-ledger/export/", statements, async (request, reply) => {
    const q = queryOf(request);
    const format = oneOf(q, "format", EXPORT_FORMATS, "csv");
    const language = languageOf(request);
    const table = await books.generalLedgerExport(db, { ...booksQuery(request, true), account: accountOf(q) }, language);
    return sendTextTableExport(reply, { ...table, format, language });
  });

  // The journal as ledger/hledger text, for an independent tool to check the books.
  app.get("/api/accounting/journal/", statements, async (request, reply) => {
    const q = queryOf(request);
    oneOf(q, "format", ["ledger"], "ledger");
    const language = languageOf(request);
    const text = books.journalText(db, booksQuery(request, false), language);
    // The first part is read before the reply starts, so a failure there is an error reply, not a cut file.
    const first = await text.next();
    reply.type("text/plain; charset=utf-8");
    reply.header("Content-Disposition", 'attachment; filename="journal.ledger"');
    reply.header("Cache-Control", "no-store");
    return reply.send(
      Readable.from(
        (async function* journal() {
          if (!first.done) yield first.value;
          yield* text;
        })(),
      ),
    );
  });

  app.get("/api/accounting/profit-and-loss/", statements, async (request) =>
    books.profitAndLossReport(db, booksQuery(request, false), oneOf(queryOf(request), "columns", books.PROFIT_COLUMNS, "none")),
  );

  app.get("/api/accounting/balance-sheet/", statements, async (request) => {
    const q = queryOf(request);
    const date = optionalDate(q, "date") ?? toIsoDate(new Date());
    return books.balanceSheetReport(db, branchesOf(q, authOf(request)), date);
  });
}
