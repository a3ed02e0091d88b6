import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Paged } from "../../../src/core/api-types";
import { queryRows } from "../../../src/server/db/client";
import { media } from "../../../src/server/db/tables";
import { newMediaKey } from "../../../src/server/modules/reference/media-keys";
import { json, pageRows, type Created, type FieldErrors } from "../support/json";
import { formToken, startTestApp, type TestApp } from "../support/test-app";
import { countRows, create, demoBranches, expectTombstone, makeUser, syncVersion } from "./helpers";

interface ItemRow {
  code: string;
  barcode: string | null;
}

/** An item as create, read and update answer it: the fields the tests read. */
interface ItemRecord extends ItemRow {
  id: number;
  updated_at: string;
  image: string | null;
  profit_percentage: string;
  item_type: number;
  per_packet_quantity: string;
  item_group: number | null;
  item_subgroup: number | null;
  item_group_name: string | null;
}

let t: TestApp;
let admin: string;
let cashier: string;
let nobody: string;
let groupId: number;
let subgroupId: number;
let foreignSubgroupId: number;
let pieceId: number;
let boxId: number;
let mediaId: string;
let branches: { erbil: number; sulaymaniyah: number };

const baseItem = () => ({
  name: "Test widget",
  code: "TW-001",
  barcode: "9990000000017",
  item_type: 1,
  is_active: true,
  min_quantity: "5",
  per_packet_quantity: "12",
  measurement: pieceId,
  packet_measurement: boxId,
  item_group: groupId,
  item_subgroup: subgroupId,
  purchase_price: "1000.50",
  sale_price: "1500",
  profit_percentage: "49.93",
  expire_date: "2030-06-30",
  batch_number: "B-1",
});

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login("admin");
  cashier = await t.login("cashier");
  branches = await demoBranches(t);
  nobody = await makeUser(t, [], [branches.erbil]);
  groupId = (await create<Created>(t, admin, "item-group/", { name: "Widgets" })).body.id;
  subgroupId = (await create<Created>(t, admin, "item-subgroup/", { name: "Small widgets", item_group: groupId })).body.id;
  const otherGroup = (await create<Created>(t, admin, "item-group/", { name: "Gadgets" })).body.id;
  foreignSubgroupId = (await create<Created>(t, admin, "item-subgroup/", { name: "Gadget parts", item_group: otherGroup })).body.id;
  pieceId = (await create<Created>(t, admin, "measurement/", { name: "Test piece" })).body.id;
  boxId = (await create<Created>(t, admin, "measurement/", { name: "Test box" })).body.id;
  const [row] = await t.db
    .insert(media)
    .values({ key: newMediaKey(), contentType: "image/png", size: 4, data: Buffer.from([0x89, 0x50, 0x4e, 0x47]) })
    .returning({ key: media.key });
  mediaId = row.key;
});

afterAll(async () => {
  await t?.close();
});

describe("item/", () => {
  let itemId: number;
  let loaded: { updated_at: string };

  it("creates an item with every field and answers it", async () => {
    const res = await create<ItemRecord>(t, admin, "item/", { ...baseItem(), image: mediaId });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Test widget",
      code: "TW-001",
      barcode: "9990000000017",
      item_type: 1,
      is_active: true,
      image: `/media/${mediaId}/`,
      min_quantity: "5.000",
      per_packet_quantity: "12.000",
      measurement: pieceId,
      measurement_name: "Test piece",
      packet_measurement: boxId,
      packet_measurement_name: "Test box",
      item_group: groupId,
      item_group_name: "Widgets",
      item_subgroup: subgroupId,
      item_subgroup_name: "Small widgets",
      purchase_price: "1000.50",
      sale_price: "1500.00",
      profit_percentage: "49.93",
      expire_date: "2030-06-30",
      batch_number: "B-1",
    });
    itemId = res.body.id;
    const read = await t.call<ItemRecord>(admin, "GET", `/api/item/${itemId}/`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
    loaded = read.body;
  });

  it("fills defaults: no image, a generated barcode, profit from the prices", async () => {
    const res = await create<ItemRecord>(t, admin, "item/", { name: "Bare widget", purchase_price: "200", sale_price: "250" });
    expect(res.status).toBe(201);
    expect(res.body.image).toBeNull();
    expect(res.body.barcode).toMatch(/^2\d{12}$/);
    expect(res.body.profit_percentage).toBe("25.00");
    expect(res.body.item_type).toBe(1);
    expect(res.body.per_packet_quantity).toBe("1.000");
    const other = await create<ItemRecord>(t, admin, "item/", { name: "Bare widget 2", purchase_price: "0", sale_price: "0" });
    expect(other.status).toBe(201);
    expect(other.body.barcode).not.toBe(res.body.barcode);
  });

  it("lists with filters, ordering, search, paging and totals", async () => {
    const second = await create(t, admin, "item/", {
      ...baseItem(),
      name: "Test widget large",
      code: "TW-002",
      barcode: "9990000000024",
      purchase_price: "2000",
      sale_price: "2600.25",
      expire_date: "2031-01-01",
      is_active: false,
      item_type: 4,
    });
    expect(second.status).toBe(201);

    const byGroup = await t.call<Paged<ItemRow>>(admin, "GET", `/api/item/?item_group=${groupId}&ordering=-purchase_price&page_size=25`);
    expect(byGroup.status).toBe(200);
    expect(byGroup.body.count).toBe(2);
    expect(pageRows<ItemRow>(byGroup).map((r) => r.code)).toEqual(["TW-002", "TW-001"]);

    const cases: [string, string[]][] = [
      [`code__istartswith=tw-00&ordering=code`, ["TW-001", "TW-002"]],
      [`barcode=9990000000024`, ["TW-002"]],
      [`name__icontains=large&item_group=${groupId}`, ["TW-002"]],
      [`item_type=4&item_group=${groupId}`, ["TW-002"]],
      [`is_active=false&item_group=${groupId}`, ["TW-002"]],
      [`sale_price__gte=2000&item_group=${groupId}`, ["TW-002"]],
      [`purchase_price__lt=1500&item_subgroup=${subgroupId}`, ["TW-001"]],
      [`expire_date__lte=2030-12-31&item_group=${groupId}`, ["TW-001"]],
      [`expire_date_after=2030-12-31&item_group=${groupId}`, ["TW-002"]],
      [`search=9990000000017`, ["TW-001"]],
      [`search=tw-00&ordering=name`, ["TW-001", "TW-002"]],
      [`search=widget large`, ["TW-002"]],
    ];
    for (const [query, codes] of cases) {
      const res = await t.call(admin, "GET", `/api/item/?${query}`);
      expect(res.status, query).toBe(200);
      expect(
        pageRows<ItemRow>(res).map((r) => r.code),
        query,
      ).toEqual(codes);
    }

    const paged = await t.call<Paged<ItemRow>>(admin, "GET", `/api/item/?item_group=${groupId}&ordering=code&page_size=1&page=2`);
    expect(paged.body.count).toBe(2);
    expect(pageRows<ItemRow>(paged).map((r) => r.code)).toEqual(["TW-002"]);
    expect(paged.body.next).toBeNull();
    expect(paged.body.previous).toContain("page=1");

    const totals = await t.call(admin, "GET", `/api/item/totals/?item_group=${groupId}`);
    expect(totals.status).toBe(200);
    expect(totals.body).toEqual({ sum_purchase_price: "3000.50", sum_sale_price: "4100.25" });

    expect((await t.call(admin, "GET", "/api/item/?price=1")).status).toBe(400);
    expect((await t.call(admin, "GET", "/api/item/?sale_price=abc")).status).toBe(400);
    expect((await t.call(admin, "GET", "/api/item/?ordering=secret")).status).toBe(400);
  });

  it("validates required name and decimals", async () => {
    const res = await create<FieldErrors>(t, admin, "item/", {
      ...baseItem(),
      barcode: "9990000000099",
      name: "",
      sale_price: "12.345",
      purchase_price: "abc",
    });
    expect(res.status).toBe(400);
    expect(res.body.name).toEqual(["This field is required"]);
    expect(res.body.sale_price).toEqual(["at most 2 decimal places"]);
    expect(res.body.purchase_price).toEqual(["must be a number"]);
    const negative = await create<FieldErrors>(t, admin, "item/", { ...baseItem(), barcode: "9990000000098", sale_price: "-1" });
    expect(negative.status).toBe(400);
    expect(negative.body.sale_price).toEqual(["greater than or equal to 0"]);
  });

  it("keeps barcodes unique among live items", async () => {
    const dup = await create(t, admin, "item/", { ...baseItem(), code: "TW-DUP" });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ barcode: ["Barcode already exists"] });

    const other = await create<Created>(t, admin, "item/", { ...baseItem(), code: "TW-003", barcode: "9990000000031" });
    expect(other.status).toBe(201);
    const clash = await t.call(admin, "PATCH", `/api/item/${other.body.id}/`, { barcode: "9990000000017" });
    expect(clash.status).toBe(400);
    expect(clash.body).toEqual({ barcode: ["Barcode already exists"] });

    // A deleted item frees its barcode.
    expect((await t.call(admin, "DELETE", `/api/item/${other.body.id}/`)).status).toBe(200);
    const reuse = await create(t, admin, "item/", { ...baseItem(), code: "TW-004", barcode: "9990000000031" });
    expect(reuse.status).toBe(201);
  });

  it("maps the unique index violation to the barcode field error", async () => {
    const { isBarcodeConflict } = await import("../../../src/server/modules/stock/item.resource");
    let caught: unknown;
    try {
      await t.db.execute(sql`insert into item (barcode, name) values ('9990000000017', 'raw duplicate')`);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeDefined();
    expect(isBarcodeConflict(caught)).toBe(true);
    expect(isBarcodeConflict(new Error("other"))).toBe(false);

    // A write that passed the check but lost the race to the index answers the same field error.
    const { itemResource, itemBodySchema } = await import("../../../src/server/modules/stock/item.resource");
    const body = await itemBodySchema.validate({ ...baseItem(), code: "RACE" });
    const auth = { userId: 1, tokenId: 0, isSuperuser: true, permissions: [], branchIds: [] };
    await expect(t.db.transaction((tx) => itemResource.insert(tx, body, auth))).rejects.toMatchObject({
      statusCode: 400,
      body: { barcode: ["Barcode already exists"] },
    });
  });

  it("checks references: measurements, group, subgroup of the group, image", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ measurement: 999999 }, "measurement"],
      [{ packet_measurement: 999999 }, "packet_measurement"],
      [{ item_group: 999999 }, "item_group"],
      [{ item_subgroup: 999999 }, "item_subgroup"],
      [{ item_subgroup: foreignSubgroupId }, "item_subgroup"],
      [{ image: 999999 }, "image"],
      [{ image: "not an image" }, "image"],
    ];
    let n = 50;
    for (const [patch, field] of cases) {
      n += 1;
      const res = await create<FieldErrors>(t, admin, "item/", { ...baseItem(), barcode: `99900000000${n}`, ...patch });
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body), field).toEqual([field]);
    }
    const deletedMeasure = (await create<Created>(t, admin, "measurement/", { name: "Gone unit" })).body.id;
    await t.call(admin, "DELETE", `/api/measurement/${deletedMeasure}/`);
    const gone = await create(t, admin, "item/", { ...baseItem(), barcode: "9990000000070", measurement: deletedMeasure });
    expect(gone.status).toBe(400);
    expect(gone.body).toHaveProperty("measurement");
    // A subgroup alone brings its group along.
    const onlySub = await create<ItemRecord>(t, admin, "item/", {
      ...baseItem(),
      barcode: "9990000000071",
      item_group: null,
      item_subgroup: foreignSubgroupId,
    });
    expect(onlySub.status).toBe(201);
    expect(onlySub.body.item_subgroup).toBe(foreignSubgroupId);
    expect(onlySub.body.item_group_name).toBe("Gadgets");
  });

  it("updates, keeps the image through a PATCH of the loaded record, and refuses stale edits", async () => {
    const put = await t.call<ItemRecord>(admin, "PUT", `/api/item/${itemId}/`, {
      ...baseItem(),
      image: mediaId,
      name: "Test widget v2",
      sale_price: "1600",
      updated_at: loaded.updated_at,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: "Test widget v2", sale_price: "1600.00", image: `/media/${mediaId}/` });

    const stale = await t.call(admin, "PATCH", `/api/item/${itemId}/`, { name: "stale", updated_at: loaded.updated_at });
    expect(stale.status).toBe(423);

    const roundTrip = await t.call(admin, "PATCH", `/api/item/${itemId}/`, { ...put.body, name: "Test widget v3" });
    expect(roundTrip.status).toBe(200);
    expect(roundTrip.body).toMatchObject({ name: "Test widget v3", image: `/media/${mediaId}/`, barcode: "9990000000017" });

    const noImage = await t.call<ItemRecord>(admin, "PATCH", `/api/item/${itemId}/`, { image: null });
    expect(noImage.body.image).toBeNull();
    loaded = noImage.body;
  });

  it("moves items along when their subgroup changes group", async () => {
    const g1 = (await create<Created>(t, admin, "item-group/", { name: "Move from" })).body.id;
    const g2 = (await create<Created>(t, admin, "item-group/", { name: "Move to" })).body.id;
    const sub = (await create<Created>(t, admin, "item-subgroup/", { name: "Mover", item_group: g1 })).body.id;
    const it1 = (await create<Created>(t, admin, "item/", { ...baseItem(), barcode: "9990000000080", item_group: g1, item_subgroup: sub }))
      .body;
    expect((await t.call(admin, "PATCH", `/api/item-subgroup/${sub}/`, { item_group: g2 })).status).toBe(200);
    const moved = await t.call<ItemRecord>(admin, "GET", `/api/item/${it1.id}/`);
    expect(moved.body.item_group).toBe(g2);
    // And the group it left can now be deleted.
    expect((await t.call(admin, "DELETE", `/api/item-group/${g1}/`)).status).toBe(200);
  });

  it("creates once for a replayed form_token", async () => {
    const before = await countRows(t, "item");
    const body = { ...baseItem(), code: "TW-REPLAY", barcode: "9990000000090", form_token: formToken("item") };
    const first = await t.call<Created>(admin, "POST", "/api/item/", body);
    const second = await t.call<Created>(admin, "POST", "/api/item/", body);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect(await countRows(t, "item")).toBe(before + 1);
  });

  it("deletes as a tombstone", async () => {
    const before = await syncVersion(t, "item", itemId);
    const res = await t.call(admin, "DELETE", `/api/item/${itemId}/`);
    expect(res.body).toEqual({ message: "Deleted successfully" });
    expect((await t.call(admin, "GET", `/api/item/${itemId}/`)).status).toBe(404);
    const list = await t.call<Paged<ItemRow>>(admin, "GET", "/api/item/?barcode=9990000000017");
    expect(list.body.count).toBe(0);
    await expectTombstone(t, "item", itemId, before);
  });

  it("is closed to the cashier and to a user without permissions; item_create may create", async () => {
    for (const token of [cashier, nobody]) {
      expect((await t.call(token, "GET", "/api/item/")).status).toBe(403);
      expect((await t.call(token, "GET", "/api/item/totals/")).status).toBe(403);
      expect((await t.call(token, "GET", "/api/item/1/")).status).toBe(403);
      expect((await create(t, token, "item/", { ...baseItem(), barcode: "9990000000110" })).status).toBe(403);
      expect((await t.call(token, "PATCH", "/api/item/1/", { name: "x" })).status).toBe(403);
      expect((await t.call(token, "DELETE", "/api/item/1/")).status).toBe(403);
    }
    const creator = await makeUser(t, ["item_create"], [branches.erbil]);
    expect((await create(t, creator, "item/", { ...baseItem(), code: "TW-QC", barcode: "9990000000111" })).status).toBe(201);
  });
});

describe("item/search/ and item/batch-search/", () => {
  it("finds live active items by exact barcode first, then name or code", async () => {
    const demo = await queryRows<{ barcode: string; name: string }>(
      t.db,
      sql`select barcode, name from item where deleted_at is null and is_active order by id limit 1`,
    );
    const res = await t.call<ItemRow[]>(cashier, "GET", `/api/item/search/?keyword=${demo[0].barcode}&branch_id=${branches.erbil}`);
    expect(res.status).toBe(200);
    expect(res.body[0]).toEqual({
      id: expect.any(Number),
      barcode: demo[0].barcode,
      name: demo[0].name,
      item_type: expect.any(Number),
      code: expect.any(String),
      sale_price: expect.stringMatching(/^\d+\.\d{2}$/),
      purchase_price: expect.stringMatching(/^\d+\.\d{2}$/),
      batch_number: expect.any(String),
      expire_date: expect.toSatisfy((v: unknown) => v === null || typeof v === "string"),
      stock: null,
      is_new_record: false,
      quantity: null,
      price: null,
    });

    // "TW-" codes from the tests above plus an item whose barcode is exactly the keyword.
    await create(t, admin, "item/", { ...baseItem(), name: "Keyword holder", code: "KW-1", barcode: "TW-00" });
    const mixed = await t.call<ItemRow[]>(admin, "GET", "/api/item/batch-search/?keyword=TW-00");
    expect(mixed.status).toBe(200);
    expect(mixed.body[0].barcode).toBe("TW-00");
    expect(mixed.body.length).toBeGreaterThan(1);
    // Inactive (TW-002) and deleted (TW-001) items are not found.
    const found = json<ItemRow[]>(mixed).map((r) => r.barcode);
    expect(found).not.toContain("9990000000024");
    expect(found).not.toContain("9990000000017");
    expect(found).toContain("9990000000080");

    const many = await t.call<ItemRow[]>(admin, "GET", "/api/item/search/?keyword=e");
    expect(many.body.length).toBe(50);
    expect((await t.call(admin, "GET", "/api/item/search/?keyword=")).body).toEqual([]);
    expect((await t.call(admin, "GET", "/api/item/search/?keyword=%25")).body).toEqual([]);
  });

  it("admits view_item, view_stock, add_sale, add_purchase and nobody else", async () => {
    for (const code of ["view_item", "view_stock", "add_sale", "add_purchase"]) {
      const token = await makeUser(t, [code], [branches.erbil]);
      expect((await t.call(token, "GET", "/api/item/search/?keyword=Cola")).status, code).toBe(200);
    }
    expect((await t.call(nobody, "GET", "/api/item/search/?keyword=Cola")).status).toBe(403);
    expect((await t.call(null, "GET", "/api/item/search/?keyword=Cola")).status).toBe(401);
  });

  it("answers 404 for another branch or its inventory", async () => {
    expect((await t.call(cashier, "GET", `/api/item/search/?keyword=Cola&branch_id=${branches.sulaymaniyah}`)).status).toBe(404);
    const [inv] = await queryRows<{ id: number }>(t.db, sql`select id from inventory where branch_id = ${branches.sulaymaniyah} limit 1`);
    expect((await t.call(cashier, "GET", `/api/item/search/?keyword=Cola&inventory_id=${inv.id}`)).status).toBe(404);
    const [own] = await queryRows<{ id: number }>(t.db, sql`select id from inventory where branch_id = ${branches.erbil} limit 1`);
    expect((await t.call(cashier, "GET", `/api/item/search/?keyword=Cola&inventory_id=${own.id}`)).status).toBe(200);
  });
});
