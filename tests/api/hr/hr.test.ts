import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../../src/server/db/client";
import type { Paged } from "../../../src/core/api-types";
import { interpolate, MESSAGES } from "../../../src/core/messages";
import { HR_CODES } from "../../../src/server/seed/permission-sets";
import { makeUser } from "../master-data/helpers";
import { signInSaleWorld, type SaleWorld } from "../sale/helpers";
import { withTestApp } from "../support/test-lifecycle";
import type { TestApp } from "../support/test-app";
import { accountBalance, hrKit, rowCount, unbalancedGroups } from "./hr-helpers";

interface Message {
  message: string;
}
interface PayrollAnswer {
  id: number;
  invoice_no: number;
  net_total: string;
  updated_at: string;
  lines: { employee: number; base: string; additions: string; deductions: string; advance: string; gross: string; net: string }[];
}
interface Statement {
  rows: { document_type: string; document_id: number; document_no: number | null; debit: string; credit: string }[];
  closing_balance: string;
}

let t: TestApp;
let admin: string;
let hr: string;
let suliHr: string;
let w: SaleWorld;
let kit: ReturnType<typeof hrKit>;

withTestApp(async (app) => {
  t = app;
  ({ w, admin } = await signInSaleWorld(t, "admin"));
  hr = await makeUser(t, HR_CODES, [w.erbil]);
  suliHr = await makeUser(t, HR_CODES, [w.suli]);
  kit = hrKit(t, () => admin);
});

const payroll = (token: string, body: Record<string, unknown>) => kit.post<PayrollAnswer & Message>(token, "hr/payroll/", body);

/** A fresh Erbil employee with a monthly IQD contract from the start of 2026. */
async function employeeWithContract(salary = "1000000", token = hr): Promise<number> {
  const id = await kit.employee(token, w.erbil);
  const contract = await kit.contract(token, {
    employee: id,
    start_date: "2026-01-01",
    end_date: null,
    salary_amount: salary,
    currency: w.iqd,
  });
  expect(contract.status).toBe(201);
  return id;
}

describe("positions and employees", () => {
  it("an employee with a position and a profile picture; the selector lists them; another branch's is 404", async () => {
    const position = await kit.post<{ id: number; name: string }>(hr, "hr/position/", { name: "Accountant", description: "Books" });
    expect(position.status).toBe(201);
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
    const boundary = "----hr-test";
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/media/",
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="face.png"\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { authorization: `Bearer ${hr}`, "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(upload.statusCode).toBe(201);
    const media = upload.json<{ id: string; url: string }>();
    const created = await kit.post<{ id: number; image: string; position_name: string; gender: string; branch: number }>(
      hr,
      "hr/employee/",
      {
        name: "Shilan Ahmed",
        phone: "+964 750 000 1111",
        gender: "female",
        branch: w.erbil,
        address: "Erbil",
        date_of_birth: "1990-05-01",
        position: position.body.id,
        salary_structure: "monthly",
        hire_date: "2025-01-01",
        image: media.id,
      },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ image: media.url, position_name: "Accountant", gender: "female", branch: w.erbil });
    // A picture that is not an image is refused by the upload itself; a bad gender by the schema.
    const badGender = await kit.post<Record<string, string[]>>(hr, "hr/employee/", {
      name: "X",
      gender: "other",
      branch: w.erbil,
      salary_structure: "monthly",
    });
    expect(badGender.status).toBe(400);
    expect(Object.keys(badGender.body)).toContain("gender");

    // The audit trail has the creation, by the HR user.
    const audit = await queryRows<{ action: string; branch_id: number }>(
      t.db,
      sql`select action, branch_id from audit_log where record_type = 'employee' and record_id = ${created.body.id}`,
    );
    expect(audit).toEqual([{ action: "create", branch_id: w.erbil }]);

    const all = await t.call<{ id: number }[]>(hr, "GET", "/api/hr/employee/all/");
    expect(all.body.map((e) => e.id)).toContain(created.body.id);
    // Sulaymaniyah's HR neither sees nor may use an Erbil employee.
    expect((await t.call(suliHr, "GET", `/api/hr/employee/${created.body.id}/`)).status).toBe(404);
    expect((await t.call<{ id: number }[]>(suliHr, "GET", "/api/hr/employee/all/")).body.map((e) => e.id)).not.toContain(created.body.id);
    expect((await kit.post(suliHr, "hr/employee/", { name: "Y", gender: "male", branch: w.erbil, salary_structure: "daily" })).status).toBe(
      400,
    );
    // Without the codes: 403.
    const cashier = await t.login("cashier");
    expect((await t.call(cashier, "GET", "/api/hr/employee/")).status).toBe(403);
    expect((await t.call(cashier, "GET", "/api/hr/payroll/")).status).toBe(403);
    // A position in use cannot be deleted.
    expect((await t.call<Message>(hr, "DELETE", `/api/hr/position/${position.body.id}/`)).body.message).toBe(MESSAGES.recordInUse);
    const list = await t.call<Paged<{ id: number }>>(hr, "GET", "/api/hr/employee/?search=Shilan");
    expect(list.body.results.map((r) => r.id)).toContain(created.body.id);
  });
});

describe("employee contracts", () => {
  it("one contract at a time: an overlapping one is refused and changes nothing", async () => {
    const id = await kit.employee(hr, w.erbil);
    const first = await kit.contract(hr, {
      employee: id,
      start_date: "2026-01-01",
      end_date: "2026-06-30",
      salary_amount: "900000",
      currency: w.iqd,
    });
    expect(first.status).toBe(201);
    const before = await rowCount(t, "employee_contract");
    const overlapping = await kit.contract(hr, {
      employee: id,
      start_date: "2026-06-30",
      end_date: null,
      salary_amount: "1",
      currency: w.iqd,
    });
    expect(overlapping.status).toBe(400);
    expect(overlapping.body.message).toBe(MESSAGES.contractOverlaps);
    const inside = await kit.contract(hr, {
      employee: id,
      start_date: "2026-02-01",
      end_date: "2026-02-28",
      salary_amount: "1",
      currency: w.iqd,
    });
    expect(inside.body.message).toBe(MESSAGES.contractOverlaps);
    expect(await rowCount(t, "employee_contract")).toBe(before);
    const next = await kit.contract(hr, {
      employee: id,
      start_date: "2026-07-01",
      end_date: null,
      salary_amount: "950000",
      currency: w.iqd,
    });
    expect(next.status).toBe(201);
    // An open-ended contract overlaps everything after its start; editing one onto another is refused too.
    const later = await kit.contract(hr, {
      employee: id,
      start_date: "2030-01-01",
      end_date: "2030-12-31",
      salary_amount: "1",
      currency: w.iqd,
    });
    expect(later.body.message).toBe(MESSAGES.contractOverlaps);
    const moved = await t.call<Message>(hr, "PATCH", `/api/hr/employee-contract/${first.body.id}/`, { end_date: "2026-07-15" });
    expect(moved.body.message).toBe(MESSAGES.contractOverlaps);
    const backwards = await kit.contract(hr, {
      employee: id,
      start_date: "2027-02-01",
      end_date: "2027-01-01",
      salary_amount: "1",
      currency: w.iqd,
    });
    expect(backwards.status).toBe(400);
    expect((backwards.body as unknown as Record<string, string[]>).end_date).toEqual([MESSAGES.endBeforeStart]);
    // Another branch's HR sees none of it.
    expect((await t.call(suliHr, "GET", `/api/hr/employee-contract/${first.body.id}/`)).status).toBe(404);
    expect((await kit.contract(suliHr, { employee: id, start_date: "2031-01-01", salary_amount: "1", currency: w.iqd })).status).toBe(400);
  });
});

describe("pay runs", () => {
  it("posts net pay out of the cashbox, shown in its statement, balanced; the salary is an expense", async () => {
    const box = await kit.cashbox(w.erbil, w.iqd, "5000000");
    const a = await employeeWithContract("1000000");
    const b = await employeeWithContract("600000");
    const expenseBefore = await accountBalance(t, "expense", null, w.iqd);
    const res = await payroll(hr, {
      branch: w.erbil,
      period_start: "2026-03-01",
      period_end: "2026-03-31",
      cashbox: box,
      input_date: "2026-03-31",
      lines: [
        { employee: a, base: "1000000", additions: "50000", deductions: "20000" },
        { employee: b, overtime: "10000" },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.net_total).toBe("1640000.00");
    expect(res.body.invoice_no).toEqual(expect.any(Number));
    const lineB = res.body.lines.find((l) => l.employee === b)!;
    expect(lineB).toMatchObject({ base: "600000.00", additions: "10000.00", net: "610000.00" });
    expect(await kit.balance(box)).toBe("3360000.00");
    expect(await unbalancedGroups(t)).toBe(0);
    expect(await accountBalance(t, "expense", null, w.iqd)).toBe(
      (Number(expenseBefore) + 1640000).toFixed(2), // small integers: exact in a double
    );
    const statement = await t.call<Statement>(admin, "GET", `/api/accounting/statement/cashbox/?cashbox=${box}`);
    // One cashbox row per employee paid, each naming the pay run and its number.
    const rows = statement.body.rows.filter((r) => r.document_type === "payroll");
    expect(rows.map((r) => r.credit).sort()).toEqual(["1030000.00", "610000.00"]);
    for (const row of rows) expect(row).toMatchObject({ document_id: res.body.id, document_no: res.body.invoice_no });
    expect(statement.body.closing_balance).toBe("3360000.00");

    // Double pay: a period sharing a day with a paid one is refused, and nothing changes.
    const before = await rowCount(t, "ledger_entry");
    const twice = await payroll(hr, {
      branch: w.erbil,
      period_start: "2026-03-31",
      period_end: "2026-04-29",
      cashbox: box,
      lines: [{ employee: a }],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toMatch(/is already paid for an overlapping period$/);
    expect(await rowCount(t, "ledger_entry")).toBe(before);
    expect(await kit.balance(box)).toBe("3360000.00");

    // Editing the run reverses its posting and posts the new one; deleting it gives the money back.
    const edited = await t.call<PayrollAnswer>(hr, "PUT", `/api/hr/payroll/${res.body.id}/`, {
      period_start: "2026-03-01",
      period_end: "2026-03-31",
      cashbox: box,
      updated_at: res.body.updated_at,
      lines: [{ employee: a }],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.net_total).toBe("1000000.00");
    expect(await kit.balance(box)).toBe("4000000.00");
    expect((await t.call(hr, "DELETE", `/api/hr/payroll/${res.body.id}/`)).status).toBe(200);
    expect(await kit.balance(box)).toBe("5000000.00");
    expect(await unbalancedGroups(t)).toBe(0);
  });

  it("an advance is paid from a cashbox and deducted once, on the next pay run", async () => {
    const box = await kit.cashbox(w.erbil, w.iqd, "3000000");
    const id = await employeeWithContract("800000");
    const adv = await kit.post<{ id: number; invoice_no: number }>(hr, "hr/salary-advance/", {
      branch: w.erbil,
      employee: id,
      cashbox: box,
      amount: "150000",
      input_date: "2026-05-10",
    });
    expect(adv.status).toBe(201);
    expect(await kit.balance(box)).toBe("2850000.00");
    expect(await accountBalance(t, "employee", id, w.iqd)).toBe("150000.00");
    // The form's draft proposes the deduction.
    const draft = await t.call<{ lines: { employee: number; advance: string; net: string }[] }>(
      hr,
      "GET",
      `/api/hr/payroll/draft/?branch=${w.erbil}&cashbox=${box}&period_start=2026-05-01&period_end=2026-05-31`,
    );
    expect(draft.body.lines.find((l) => l.employee === id)).toMatchObject({ advance: "150000.00", net: "650000.00" });
    const may = await payroll(hr, {
      branch: w.erbil,
      period_start: "2026-05-01",
      period_end: "2026-05-31",
      cashbox: box,
      lines: [{ employee: id }],
    });
    expect(may.status).toBe(201);
    expect(may.body.lines[0]).toMatchObject({ base: "800000.00", advance: "150000.00", deductions: "150000.00", net: "650000.00" });
    expect(await accountBalance(t, "employee", id, w.iqd)).toBe("0.00");
    const june = await payroll(hr, {
      branch: w.erbil,
      period_start: "2026-06-01",
      period_end: "2026-06-30",
      cashbox: box,
      lines: [{ employee: id }],
    });
    expect(june.body.lines[0]).toMatchObject({ advance: "0.00", net: "800000.00" });
    expect(await kit.balance(box)).toBe(String((2850000 - 650000 - 800000).toFixed(2)));
    // Recovered: the advance can no longer be deleted; a deduction above what is owed is refused.
    expect((await t.call<Message>(hr, "DELETE", `/api/hr/salary-advance/${adv.body.id}/`)).body.message).toBe(MESSAGES.recordInUse);
    const tooMuch = await payroll(hr, {
      branch: w.erbil,
      period_start: "2026-07-01",
      period_end: "2026-07-31",
      cashbox: box,
      lines: [{ employee: id, advance: "1" }],
    });
    expect(tooMuch.body.message).toBe(MESSAGES.advanceAboveOutstanding);
    expect(await unbalancedGroups(t)).toBe(0);
  });

  it("another branch's employees are never in a pay run, nor in its draft", async () => {
    const box = await kit.cashbox(w.erbil, w.iqd, "2000000");
    const suliEmployee = await kit.employee(admin, w.suli);
    expect(
      (await kit.contract(admin, { employee: suliEmployee, start_date: "2026-01-01", salary_amount: "500000", currency: w.iqd })).status,
    ).toBe(201);
    expect((await t.call(hr, "GET", `/api/hr/employee/${suliEmployee}/`)).status).toBe(404);
    const before = await rowCount(t, "payroll");
    const res = await payroll(admin, {
      branch: w.erbil,
      period_start: "2026-08-01",
      period_end: "2026-08-31",
      cashbox: box,
      lines: [{ employee: suliEmployee }],
    });
    expect(res.status).toBe(400);
    expect((res.body as unknown as Record<string, string[]>)["lines[0].employee"]).toEqual([MESSAGES.invalidChoice]);
    expect(await rowCount(t, "payroll")).toBe(before);
    const draft = await t.call<{ lines: { employee: number }[] }>(
      admin,
      "GET",
      `/api/hr/payroll/draft/?branch=${w.erbil}&cashbox=${box}&period_start=2026-08-01&period_end=2026-08-31`,
    );
    expect(draft.body.lines.map((l) => l.employee)).not.toContain(suliEmployee);
    // The Erbil HR user may not run Sulaymaniyah's payroll at all.
    const suliBox = await kit.cashbox(w.suli, w.iqd, "1000000");
    const foreign = await payroll(hr, {
      branch: w.suli,
      period_start: "2026-08-01",
      period_end: "2026-08-31",
      cashbox: suliBox,
      lines: [{ employee: suliEmployee }],
    });
    expect(foreign.status).toBe(400);
    expect(await kit.balance(suliBox)).toBe("1000000.00");
  });

  it("refuses a cashbox of another currency and one without enough balance; nothing changes", async () => {
    const id = await employeeWithContract("700000");
    const usdBox = await kit.cashbox(w.erbil, w.usd, "10000");
    const poorBox = await kit.cashbox(w.erbil, w.iqd, "699999.99");
    const ledgerBefore = await rowCount(t, "ledger_entry");
    const payrollsBefore = await rowCount(t, "payroll");
    const period = { branch: w.erbil, period_start: "2026-09-01", period_end: "2026-09-30", lines: [{ employee: id }] };
    const wrong = await payroll(hr, { ...period, cashbox: usdBox });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(MESSAGES.cashboxCurrencyMismatch);
    const poor = await payroll(hr, { ...period, cashbox: poorBox });
    expect(poor.status).toBe(400);
    expect(poor.body.message).toBe(MESSAGES.cashboxBalanceNotEnough);
    expect(await rowCount(t, "ledger_entry")).toBe(ledgerBefore);
    expect(await rowCount(t, "payroll")).toBe(payrollsBefore);
    expect(await kit.balance(poorBox)).toBe("699999.99");
    // Pay beyond what a money column holds is a 400, never a database error.
    const hourly = await kit.employee(hr, w.erbil);
    await kit.contract(hr, {
      employee: hourly,
      start_date: "2026-01-01",
      salary_amount: "999999999999",
      currency: w.iqd,
      salary_structure: "hourly",
    });
    const huge = await payroll(hr, { ...period, cashbox: poorBox, lines: [{ employee: hourly, hours: "99999" }] });
    expect(huge.status).toBe(400);
    expect(Object.keys(huge.body)).toEqual(["lines"]);
    // Without a contract for the period: said by name.
    const newcomer = await kit.employee(hr, w.erbil, "Newcomer Hawre");
    const noContract = await payroll(hr, { ...period, cashbox: poorBox, lines: [{ employee: newcomer }] });
    expect(noContract.body.message).toBe(interpolate(MESSAGES.noContractForPeriod, { name: "Newcomer Hawre" }));
  });

  it("the payroll list shows, per period, each employee with a contract: due, paid, outstanding", async () => {
    const box = await kit.cashbox(w.erbil, w.iqd, "5000000");
    const paidOne = await employeeWithContract("1200000");
    const unpaid = await employeeWithContract("300000");
    const run = await payroll(hr, {
      branch: w.erbil,
      period_start: "2026-10-01",
      period_end: "2026-10-31",
      cashbox: box,
      lines: [{ employee: paidOne, bonus: "100000" }],
    });
    expect(run.status).toBe(201);
    const list = await t.call<{
      results: { employee: number; due: string; paid: string; outstanding: string }[];
      totals: { currency_code: string }[];
    }>(hr, "GET", "/api/hr/payroll-list/?period_start=2026-10-01&period_end=2026-10-31");
    expect(list.status).toBe(200);
    expect(list.body.results.find((r) => r.employee === paidOne)).toMatchObject({
      due: "1300000.00",
      paid: "1300000.00",
      outstanding: "0.00",
    });
    expect(list.body.results.find((r) => r.employee === unpaid)).toMatchObject({
      due: "300000.00",
      paid: "0.00",
      outstanding: "300000.00",
    });
    expect(list.body.totals.map((x) => x.currency_code)).toContain("IQD");
    // Half a month of a monthly contract is half its pay.
    const half = await t.call<{ results: { employee: number; due: string }[] }>(
      hr,
      "GET",
      "/api/hr/payroll-list/?period_start=2026-11-01&period_end=2026-11-15",
    );
    expect(half.body.results.find((r) => r.employee === unpaid)?.due).toBe("150000.00");
    expect((await t.call(hr, "GET", "/api/hr/payroll-list/?period_start=2026-11-15&period_end=2026-11-01")).status).toBe(400);
    expect(
      (await t.call(await t.login("cashier"), "GET", "/api/hr/payroll-list/?period_start=2026-11-01&period_end=2026-11-15")).status,
    ).toBe(403);
  });
});
