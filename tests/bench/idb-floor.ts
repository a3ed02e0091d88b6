import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { launchDevice } from "./device-browser";
import { STOCK_IN_ITEM_SCHEMA } from "../../src/web/offline/db";
import { ITEM_PAGE_SCHEMA, PAGE_SPAN } from "../../src/web/offline/item-pages";
import { childCpu } from "./process-cpu";

/**
 * The floor of the first reference load on this machine and this Chromium (a diagnostic,
 * not a benchmark): a bare page on a new device puts ITEMS item-like records into IndexedDB with the
 * device database's item indexes (read from its schema), 5000 items a transaction as the pull
 * stores them, and nothing else: no network, no server, no app. Whatever the app does, its first
 * load cannot be faster than this; the good-link budget (20 s) is judged against it.
 *
 *   npx tsx tests/bench/idb-floor.ts        ITEMS=100000 by default; LAYOUT=page (the device's since
 *                                           version 7: PAGE_SPAN items a record, item-pages.ts) or
 *                                           LAYOUT=record (one record per item, versions 5 and 6);
 *                                           INDEXES=barcode,code (a subset), or INDEXES= (none);
 *                                           ITEMS_AS=json: a page's items kept as one JSON string
 *                                           (cloned as a string, parsed when read) instead of objects
 */
const items = Number(process.env.ITEMS ?? 100_000);
const layout = process.env.LAYOUT === "record" ? "record" : "page";
// The store's indexes as the device declares them, in Dexie's syntax: the key first, "*" a multiEntry index.
const schema = layout === "page" ? ITEM_PAGE_SCHEMA.item_page : STOCK_IN_ITEM_SCHEMA.item;
const ITEM_INDEXES = schema
  .split(",")
  .map((spec) => spec.trim())
  .slice(1);
const named = process.env.INDEXES?.split(",");
const indexes = ITEM_INDEXES.filter((spec) => !named || named.includes(spec.replace(/^\*/, "")));
const span = layout === "page" ? PAGE_SPAN : 1;
const asJson = process.env.ITEMS_AS === "json";

const server = createServer((_request, response) => {
  response.setHeader("content-type", "text/html");
  response.end("<!doctype html><title>IndexedDB floor</title>");
}).listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
const device = await launchDevice({ serviceWorkers: "block" });
try {
  const page = await device.context.newPage();
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  const cpuBefore = childCpu();
  const ms = await page.evaluate(
    async ({ items, indexes, span, asJson }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open("floor", 1);
        open.onupgradeneeded = () => {
          const store = open.result.createObjectStore("item", { keyPath: span > 1 ? "key" : "id" });
          for (const spec of indexes) {
            const name = spec.replace(/^\*/, "");
            store.createIndex(name, name, { multiEntry: spec.startsWith("*") });
          }
        };
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(new Error(String(open.error)));
      });
      // (No named functions in here: tsx would wrap them in a helper the page does not have.)
      type Item = Record<string, unknown> & { id: number; barcode: string; code: string; name: string };
      const started = performance.now();
      for (let first = 1; first <= items; first += 5000) {
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction("item", "readwrite");
          const store = tx.objectStore("item");
          const last = Math.min(first + 4999, items);
          for (let key = Math.floor(first / span); key <= Math.floor(last / span); key++) {
            const rows: Item[] = [];
            for (let id = Math.max(first, key * span); id <= Math.min(last, key * span + span - 1); id++)
              rows.push({
                id,
                code: `I${id}`,
                barcode: `62${String(id).padStart(11, "0")}`,
                name: `Item ${id} of the bench's catalogue`,
                sale_price: "12.50",
                purchase_price: "10.00",
                unit: "pcs",
                item_group_id: 3,
                min_quantity: "2",
                is_active: true,
                image: null,
                stock: [{ id, inventory_id: 1, item_id: id, quantity: "5" }],
                stock_ids: [id],
              });
            if (span === 1) {
              store.put(rows[0]);
              continue;
            }
            // A page record as item-pages.ts writes it, its items' lookup keys with it; a page split
            // between two transactions is read and written again, as the app does.
            const read = store.get(key);
            read.onsuccess = () => {
              const before = (read.result as { items: Item[] | string } | undefined)?.items ?? [];
              const all = [...(typeof before === "string" ? (JSON.parse(before) as Item[]) : before), ...rows];
              store.put({
                key,
                items: asJson ? JSON.stringify(all) : all,
                barcode: all.map((row) => row.barcode),
                code: all.map((row) => row.code),
                name: all.map((row) => row.name),
                stock_ids: all.map((row) => row.id),
                _outbox: [],
              });
            };
          }
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(new Error(String(tx.error)));
        });
      }
      return performance.now() - started;
    },
    { items, indexes, span, asJson },
  );
  const cpu = childCpu();
  console.log(
    `${items.toLocaleString("en-US")} items, ${layout === "page" ? `${span} a record` : "a record each"}${asJson ? " (as JSON)" : ""}, ${indexes.length > 0 ? `with the indexes ${indexes.join(", ")}` : "without indexes"}: ${(ms / 1000).toFixed(1)} s; CPU renderer ${(cpu.renderer - cpuBefore.renderer).toFixed(1)} s, browser ${(cpu.browser - cpuBefore.browser).toFixed(1)} s`,
  );
} finally {
  await device.close();
  server.close();
}
