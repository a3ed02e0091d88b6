import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrencyRef, Paged } from "../../../src/core/api-types";
import { json, pageRows, type Created } from "../support/json";
import { formToken, startTestApp, type TestApp } from "../support/test-app";
import { countRows, create, demoBranches, expectTombstone, makeUser, syncVersion } from "./helpers";

interface RateRow {
  rate: string;
  input_date: string;
  currency: CurrencyRef;
}

let t: TestApp;
let admin: string;
let cashier: string;
let nobody: string;
let usd: number;
let iqd: number;

const PATH = "accounting/exchange-rate/";

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login("admin");
  cashier = await t.login("cashier");
  const { erbil } = await demoBranches(t);
  nobody = await makeUser(t, [], [erbil]);
  const currencies = json<CurrencyRef[]>(await t.call(admin, "GET", "/api/currency/all/"));
  usd = currencies.find((c) => c.code === "USD")!.id;
  iqd = currencies.find((c) => c.code === "IQD")!.id;
});

afterAll(async () => {
  await t?.close();
});

describe("accounting/exchange-rate/", () => {
  let rateId: number;
  let loaded: { updated_at: string };

  it("creates and reads a rate with its currency code", async () => {
    const res = await create<Created>(t, admin, PATH, { currency: usd, rate: "1455.5", input_date: "2024-03-15" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ currency: usd, currency_code: "USD", rate: "1455.50", input_date: "2024-03-15" });
    rateId = res.body.id;
    loaded = (await t.call<{ updated_at: string }>(admin, "GET", `/api/${PATH}${rateId}/`)).body;
    expect(loaded).toEqual(res.body);
  });

  it("lists with currency and date-range filters, ordering by input_date and paging", async () => {
    await create(t, admin, PATH, { currency: usd, rate: "1460", input_date: "2024-03-20" });
    await create(t, admin, PATH, { currency: usd, rate: "1470", input_date: "2024-04-02" });
    const march = await t.call<Paged<RateRow>>(
      admin,
      "GET",
      `/api/${PATH}?currency=${usd}&input_date_after=2024-03-01&input_date_before=2024-03-31&ordering=-input_date`,
    );
    expect(march.status).toBe(200);
    expect(march.body.count).toBe(2);
    expect(pageRows<RateRow>(march).map((r) => r.input_date)).toEqual(["2024-03-20", "2024-03-15"]);

    const asc = await t.call<Paged<RateRow>>(
      admin,
      "GET",
      `/api/${PATH}?start_date=2024-03-01&end_date=2024-04-30&ordering=input_date&page_size=2`,
    );
    expect(asc.body.count).toBe(3);
    expect(pageRows<RateRow>(asc).map((r) => r.rate)).toEqual(["1455.50", "1460.00"]);
    expect(asc.body.next).toContain("page=2");

    const exact = await t.call(admin, "GET", `/api/${PATH}?input_date=2024-04-02`);
    expect(pageRows<RateRow>(exact).map((r) => r.rate)).toEqual(["1470.00"]);
    const byCode = await t.call<Paged<RateRow>>(admin, "GET", `/api/${PATH}?search=usd&rate__gte=1460&input_date__lt=2025-01-01`);
    expect(byCode.body.count).toBe(2);

    expect((await t.call(admin, "GET", `/api/${PATH}?input_date_after=yesterday`)).status).toBe(400);
    expect((await t.call(admin, "GET", `/api/${PATH}?branch=1`)).status).toBe(400);
    expect((await t.call(admin, "GET", `/api/${PATH}?colour=1`)).status).toBe(400);
    expect((await t.call(admin, "GET", `/api/${PATH}totals/`)).body).toEqual({});
  });

  it("validates currency, rate and date", async () => {
    const base = await create(t, admin, PATH, { currency: iqd, rate: "1", input_date: "2024-03-15" });
    expect(base.status).toBe(400);
    expect(base.body).toEqual({ currency: ["The base currency has no exchange rate"] });
    const missing = await create(t, admin, PATH, { currency: 999999, rate: "1", input_date: "2024-03-15" });
    expect(missing.status).toBe(400);
    expect(missing.body).toHaveProperty("currency");
    const empty = await create(t, admin, PATH, {});
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      currency: ["This field is required"],
      rate: ["Please enter exchange rate"],
      input_date: ["This field is required"],
    });
    const zero = await create(t, admin, PATH, { currency: usd, rate: "0", input_date: "2024-03-15" });
    expect(zero.body).toEqual({ rate: ["must be positive"] });
    const text = await create(t, admin, PATH, { currency: usd, rate: "lots", input_date: "2024-02-30" });
    expect(text.body).toEqual({ rate: ["must be a number"], input_date: ["must be a valid date"] });
    const fine = await create(t, admin, PATH, { currency: usd, rate: "1455.123", input_date: "2024-03-15" });
    expect(fine.status).toBe(400);
    expect(fine.body).toEqual({ rate: ["at most 2 decimal places"] });
  });

  it("updates, refuses stale edits, and the newest rate becomes the latest", async () => {
    const put = await t.call(admin, "PUT", `/api/${PATH}${rateId}/`, {
      currency: usd,
      rate: "1999",
      input_date: "2099-01-01",
      updated_at: loaded.updated_at,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ rate: "1999.00", input_date: "2099-01-01" });
    const stale = await t.call(admin, "PATCH", `/api/${PATH}${rateId}/`, { rate: "1", updated_at: loaded.updated_at });
    expect(stale.status).toBe(423);
    const latest = await t.call(admin, "GET", "/api/accounting/exchange-rate/latest/");
    expect(json<RateRow[]>(latest).find((r) => r.currency.code === "USD")!.rate).toBe("1999.00");
  });

  it("deletes as a tombstone", async () => {
    const before = await syncVersion(t, "exchange_rate", rateId);
    const res = await t.call(admin, "DELETE", `/api/${PATH}${rateId}/`);
    expect(res.body).toEqual({ message: "Deleted successfully" });
    expect((await t.call(admin, "GET", `/api/${PATH}${rateId}/`)).status).toBe(404);
    expect((await t.call<Paged<RateRow>>(admin, "GET", `/api/${PATH}?input_date=2099-01-01`)).body.count).toBe(0);
    await expectTombstone(t, "exchange_rate", rateId, before);
    const latest = await t.call(admin, "GET", "/api/accounting/exchange-rate/latest/");
    expect(json<RateRow[]>(latest).find((r) => r.currency.code === "USD")!.rate).not.toBe("1999.00");
  });

  it("creates once for a replayed form_token", async () => {
    const before = await countRows(t, "exchange_rate");
    const body = { currency: usd, rate: "1500", input_date: "2024-05-01", form_token: formToken("rate") };
    expect((await t.call(admin, "POST", `/api/${PATH}`, body)).status).toBe(201);
    expect((await t.call(admin, "POST", `/api/${PATH}`, body)).status).toBe(201);
    expect(await countRows(t, "exchange_rate")).toBe(before + 1);
  });

  it("is closed to the cashier and to a user without permissions", async () => {
    for (const token of [cashier, nobody]) {
      expect((await t.call(token, "GET", `/api/${PATH}`)).status).toBe(403);
      expect((await create(t, token, PATH, { currency: usd, rate: "1", input_date: "2024-01-01" })).status).toBe(403);
      expect((await t.call(token, "DELETE", `/api/${PATH}1/`)).status).toBe(403);
    }
    // The start-up call stays open to every signed-in user.
    expect((await t.call(cashier, "GET", "/api/accounting/exchange-rate/latest/")).status).toBe(200);
    const viewer = await makeUser(t, ["view_exchangerate"], []);
    expect((await t.call(viewer, "GET", `/api/${PATH}`)).status).toBe(200);
  });
});
