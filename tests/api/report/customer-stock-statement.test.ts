import { describe, expect, it } from "vitest";
import { withTestApp } from "../support/test-lifecycle";
import { formToken, type TestApp } from "../support/test-app";
import { makeUser } from "../master-data/helpers";
import { signInSaleWorld, type SaleWorld } from "../sale/helpers";
import { isoDay, newCustomer, newGoods, purchase, sell } from "./stock-and-dues-helpers";

interface Statement {
  rows: {
    kind: string;
    document_id: number;
    invoice_no: number;
    date: string;
    item: number;
    quantity: string;
    price: string;
    total: string;
  }[];
  items: {
    item: number;
    currency_code: string;
    sold_quantity: string;
    returned_quantity: string;
    net_quantity: string;
    sold_total: string;
    returned_total: string;
    net_total: string;
  }[];
}

let t: TestApp;
let admin: string;
let w: SaleWorld;

withTestApp(async (app) => {
  t = app;
  ({ w, admin } = await signInSaleWorld(t, "admin"));
});

const statement = (token: string, query: string) => t.call<Statement>(token, "GET", `/api/report/customer-stock-statement/?${query}`);

describe("report/customer-stock-statement/", () => {
  it("lists each line bought and returned in the range, with totals per item", async () => {
    const customer = await newCustomer(t, admin, w.erbil);
    const [a, b] = [await newGoods(t, admin), await newGoods(t, admin)];
    const [sa, sb] = [await purchase(t, admin, w, a, "20"), await purchase(t, admin, w, b, "20")];
    const older = await sell(t, admin, w, [{ stock: sa, quantity: "1", price: "1000" }], { customer, input_date: isoDay(-60) });
    const sale = await sell(
      t,
      admin,
      w,
      [
        { stock: sa, quantity: "4", price: "1500" },
        { stock: sb, quantity: "2", price: "2000" },
      ],
      { customer, input_date: isoDay(-2) },
    );
    const ret = await t.call<{ id: number }>(admin, "POST", "/api/sale-return/", {
      sale,
      input_date: isoDay(-1),
      note: "",
      items: [{ stock: sa, quantity: "1", price: "1500" }],
      form_token: formToken("sr"),
    });
    expect(ret.status, JSON.stringify(ret.body)).toBe(201);

    const res = await statement(admin, `customer=${customer}&start_date=${isoDay(-10)}&end_date=${isoDay(0)}`);
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r) => [r.kind, r.document_id, r.item, r.quantity, r.price, r.total])).toEqual([
      ["sale", sale, a, "4.000", "1500.00", "6000.00"],
      ["sale", sale, b, "2.000", "2000.00", "4000.00"],
      ["sale_return", ret.body.id, a, "-1.000", "1500.00", "-1500.00"],
    ]);
    expect(res.body.items).toEqual([
      expect.objectContaining({ item: a, sold_quantity: "4.000", returned_quantity: "1.000", net_quantity: "3.000", net_total: "4500.00" }),
      expect.objectContaining({ item: b, sold_quantity: "2.000", returned_quantity: "0.000", sold_total: "4000.00", net_total: "4000.00" }),
    ]);
    const whole = await statement(admin, `customer=${customer}`);
    expect(whole.body.rows.map((r) => r.document_id)).toContain(older);
    expect(whole.body.items.find((i) => i.item === a)).toMatchObject({ sold_quantity: "5.000", net_quantity: "4.000" });
  });

  it("another branch's customer is 404; no customer is 400; 403 without the permission", async () => {
    const customer = await newCustomer(t, admin, w.erbil);
    const suliOnly = await makeUser(t, ["view_customer"], [w.suli]);
    expect((await statement(suliOnly, `customer=${customer}`)).status).toBe(404);
    expect((await statement(admin, "")).status).toBe(400);
    expect((await statement(admin, `customer=${customer}&start_date=2026-13-01`)).status).toBe(400);
    expect((await statement(admin, `customer=${customer}&start_date=2026-02-01&end_date=2026-01-01`)).status).toBe(400);
    const noRight = await makeUser(t, ["view_sale"], [w.erbil]);
    expect((await statement(noRight, `customer=${customer}`)).status).toBe(403);
  });
});
