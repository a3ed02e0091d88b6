import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { launchDevice } from "./device-browser";
import { STOCK_IN_ITEM_SCHEMA } from "../../src/web/offline/db";
import { childCpu } from "./process-cpu";

/**
 * The floor of the first reference load on this machine and this Chromium (issue 12, a diagnostic,
 * not a benchmark): a bare page on a new device puts ITEMS item-like records into IndexedDB with the
 * device database's item indexes (db.ts, read from its schema), pages of 5000 a
 * transaction as the pull stores them, and nothing else: no network, no server, no app. Whatever the
 * app does, its first load cannot be faster than this; the good-link budget (20 s) is judged against it.
 *
 *   npx tsx tests/bench/idb-floor.ts        ITEMS=100000 by default; INDEXES=barcode,code (a subset), or
 *                                           INDEXES= (empty) for the store alone
 */
const items = Number(process.env.ITEMS ?? 100_000);
// The item store's indexes as the device declares them, in Dexie's syntax: the key first, "*" a multiEntry index.
const ITEM_INDEXES = STOCK_IN_ITEM_SCHEMA.item
  .split(",")
  .map((spec) => spec.trim())
  .slice(1);
const named = process.env.INDEXES?.split(",");
const indexes = ITEM_INDEXES.filter((spec) => !named || named.includes(spec.replace(/^\*/, "")));

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
    async ({ items, indexes }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open("floor", 1);
        open.onupgradeneeded = () => {
          const store = open.result.createObjectStore("item", { keyPath: "id" });
          for (const spec of indexes) {
            const name = spec.replace(/^\*/, "");
            store.createIndex(name, name, { multiEntry: spec.startsWith("*") });
          }
        };
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(new Error(String(open.error)));
      });
      const started = performance.now();
      for (let first = 0; first < items; first += 5000) {
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction("item", "readwrite");
          const store = tx.objectStore("item");
          for (let id = first + 1; id <= Math.min(first + 5000, items); id++)
            store.put({
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
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(new Error(String(tx.error)));
        });
      }
      return performance.now() - started;
    },
    { items, indexes },
  );
  const cpu = childCpu();
  console.log(
    `${items.toLocaleString("en-US")} records ${indexes.length > 0 ? `with the indexes ${indexes.join(", ")}` : "without indexes"}: ${(ms / 1000).toFixed(1)} s; CPU renderer ${(cpu.renderer - cpuBefore.renderer).toFixed(1)} s, browser ${(cpu.browser - cpuBefore.browser).toFixed(1)} s`,
  );
} finally {
  await device.close();
  server.close();
}
