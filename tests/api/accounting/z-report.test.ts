import { afterEach, describe, expect, it } from "vitest";
import { add, sum } from "../../../src/core/money";
import type { ZReport } from "../../../src/core/z-report";
import { withTestApp } from "../support/test-lifecycle";
import { formToken, type TestApp } from "../support/test-app";
import { makeUser } from "../master-data/helpers";
import { debitSaleBody, makeStock, post, saleWorld, type SaleWorld } from "../sale/helpers";
import { cashboxes, unbalancedGroups, type Cashboxes } from "./ledger-helpers";

interface ZAnswer extends ZReport {
  count: { id: number; expected_balance: string; counted_balance: string; difference: string } | null;
  previous_count: { id: number; invoice_no: number; closed_at: string } | null;
}

let t: TestApp;
let admin: string;
let w: SaleWorld;
let boxes: Cashboxes;
let expenseType: number;
let goodsIndex = 0;
const countPath = "/api/accounting/cashbox-count/";

withTestApp(async (app) => {
  t = app;
  admin = await t.login("admin");
  w = await saleWorld(t);
  boxes = cashboxes(t, () => admin);
  expenseType = (
    await t.call<{ id: number }>(admin, "POST", "/api/accounting/expense-type/", { name: "Z tea", form_token: formToken("et") })
  ).body.id;
});

afterEach(async () => {
  expect(await unbalancedGroups(t)).toBe(0);
});

const ok = <T>(res: { status: number; body: T }, status = 201) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
};
const cashSale = async (box: number, price: string) => {
  const stock = await makeStock(t, w.inv.erbil, w.goods[goodsIndex++ % w.goods.length], "5");
  const body = debitSaleBody(w, [{ stock, quantity: "1", price }], { payment_type: "cash", cashbox: box, paid_amount: price });
  return { stock, sale: ok(await post<{ id: number }>(t, admin, "sale/", body)) };
};
const count = async (box: number, counted: string) =>
  ok(
    await t.call<{ id: number }>(admin, "POST", countPath, {
      cashbox: box,
      counted_balance: counted,
      shift: "Z",
      form_token: formToken("cnt"),
    }),
  );
const zOf = (token: string, id: number | string) => t.call<ZAnswer>(token, "GET", `${countPath}${id}/z-report/`);
const lines = (z: ZAnswer) => z.lines.map((l) => [l.kind, l.documents, l.money_in, l.money_out, l.net]);
/** The report's own sum, recomputed from its lines: what it prints must add up. */
const addsUp = (z: ZAnswer) => expect(add(z.opening, sum(z.lines.map((l) => l.net))).toFixed(2)).toBe(z.expected);

describe("accounting/cashbox-count/<id>/z-report/", () => {
  it("groups a shift's cash by kind: opening + movements = expected, counted - expected = difference; the next shift starts there", async () => {
    const box = await boxes.make(w.iqd, w.erbil, "1000");
    const { stock, sale } = await cashSale(box, "250.50");
    await cashSale(box, "100");
    ok(
      await post(
        t,
        admin,
        "sale-return/",
        { sale: sale.id, items: [{ stock, quantity: "1", price: "250.50" }], refund: { cashbox: box, amount: "50.25" } },
        formToken("ret"),
      ),
    );
    ok(
      await t.call(admin, "POST", "/api/accounting/receipt/", {
        branch: w.erbil,
        customer: w.cust.aram,
        cashbox: box,
        amount: "75",
        note: "",
        form_token: formToken("rc"),
      }),
    );
    ok(
      await t.call(admin, "POST", "/api/accounting/expense/", {
        branch: w.erbil,
        expense_type: expenseType,
        cashbox: box,
        amount: "12.40",
        note: "",
        form_token: formToken("ex"),
      }),
    );
    // Expected: 1000 + 250.50 + 100 - 50.25 + 75 - 12.40 = 1362.85; the cashier counts 1360 (short 2.85).
    const first = await count(box, "1360");
    const z = ok(await zOf(admin, first.id), 200);
    expect(z.previous_count).toBeNull();
    expect(z.opening).toBe("0.00");
    expect(lines(z)).toEqual([
      ["sales", 2, "350.50", "0.00", "350.50"],
      ["refunds", 1, "0.00", "50.25", "-50.25"],
      ["receipts", 1, "75.00", "0.00", "75.00"],
      ["expenses", 1, "0.00", "12.40", "-12.40"],
      ["incomes", 1, "1000.00", "0.00", "1000.00"],
    ]);
    expect(z).toMatchObject({ movements: "1362.85", expected: "1362.85", counted: "1360.00", difference: "-2.85" });
    expect(z.count).toMatchObject({ id: first.id, expected_balance: z.expected, counted_balance: "1360.00", difference: "-2.85" });
    addsUp(z);

    // The second shift opens with what the first counted (its adjustment is the first count's, not a movement).
    await cashSale(box, "40");
    ok(
      await t.call(admin, "POST", "/api/accounting/expense/", {
        branch: w.erbil,
        expense_type: expenseType,
        cashbox: box,
        amount: "0.01",
        note: "",
        form_token: formToken("ex"),
      }),
    );
    const preview = ok(await t.call<ZAnswer>(admin, "GET", `${countPath}z-report/?cashbox=${box}`), 200);
    expect(preview).toMatchObject({ count: null, opening: "1360.00", expected: "1399.99", counted: null, difference: null });
    expect(preview.previous_count?.id).toBe(first.id);
    expect(preview.expected).toBe(await boxes.balance(box));
    addsUp(preview);
    const second = await count(box, "1400");
    const z2 = ok(await zOf(admin, second.id), 200);
    expect(z2.previous_count?.id).toBe(first.id);
    expect(z2.opening).toBe(z.counted);
    expect(lines(z2)).toEqual([
      ["sales", 1, "40.00", "0.00", "40.00"],
      ["expenses", 1, "0.00", "0.01", "-0.01"],
    ]);
    expect(z2).toMatchObject({ expected: "1399.99", counted: "1400.00", difference: "0.01" });
    expect(z2.count?.expected_balance).toBe(z2.expected);
    addsUp(z2);
    // The first report does not move when the second shift books more.
    expect((await zOf(admin, first.id)).body).toEqual(z);
  });

  it("leaves out a document deleted in the shift (its reversal nets it) and counts a transfer each way", async () => {
    const box = await boxes.make(w.iqd, w.erbil, "500");
    const other = await boxes.make(w.iqd, w.erbil, "500");
    await count(box, "500");
    const spent = ok(
      await t.call<{ id: number }>(admin, "POST", "/api/accounting/expense/", {
        branch: w.erbil,
        expense_type: expenseType,
        cashbox: box,
        amount: "30",
        note: "",
        form_token: formToken("ex"),
      }),
    );
    ok(await t.call(admin, "DELETE", `/api/accounting/expense/${spent.id}/`), 200);
    const transfer = (from: number, to: number, amount: string) =>
      t.call(admin, "POST", "/api/accounting/cashbox-transfer/", {
        from_cashbox: from,
        to_cashbox: to,
        amount,
        form_token: formToken("tr"),
      });
    ok(await transfer(box, other, "100"));
    ok(await transfer(other, box, "20"));
    const z = ok(await zOf(admin, (await count(box, "420")).id), 200);
    expect(lines(z)).toEqual([
      ["transfers_in", 1, "20.00", "0.00", "20.00"],
      ["transfers_out", 1, "0.00", "100.00", "-100.00"],
    ]);
    expect(z).toMatchObject({ opening: "500.00", expected: "420.00", difference: "0.00" });
    addsUp(z);
  });

  it("refuses: unknown or bad ids, another branch, no view permission, a bad cashbox for the preview", async () => {
    const box = await boxes.make(w.iqd, w.erbil, "10");
    const closed = await count(box, "10");
    expect((await zOf(admin, 999999)).status).toBe(404);
    expect((await zOf(admin, "abc")).status).toBe(404);
    const suli = await makeUser(t, ["view_cashboxadjustment"], [w.suli]);
    expect((await zOf(suli, closed.id)).status).toBe(404);
    expect((await t.call(suli, "GET", `${countPath}z-report/?cashbox=${box}`)).status).toBe(404);
    const erbil = await makeUser(t, ["view_cashboxadjustment"], [w.erbil]);
    expect((await zOf(erbil, closed.id)).status).toBe(200);
    const noRight = await makeUser(t, ["view_cashbox"], [w.erbil]);
    expect((await zOf(noRight, closed.id)).status).toBe(403);
    expect((await t.call(noRight, "GET", `${countPath}z-report/?cashbox=${box}`)).status).toBe(403);
    for (const bad of ["", "abc", "-1", "0", "1.5", "99999999999999"]) {
      const res = await t.call(admin, "GET", `${countPath}z-report/?cashbox=${bad}`);
      expect(res.status, bad).toBe(400);
    }
    expect((await t.call(admin, "GET", `${countPath}z-report/`)).status).toBe(400);
    expect((await t.call(admin, "GET", `${countPath}z-report/?cashbox=${box}&cashbox=${box}`)).status).toBe(400);
    expect((await t.call(admin, "GET", `${countPath}z-report/?cashbox=999999`)).status).toBe(404);
  });
});
