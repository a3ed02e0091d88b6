import { mkdtempSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { runPgbench } from "./pgbench";
import { textOf } from "../../src/core/text";

/**
 * Issue 5: what PostgreSQL alone can do for a sale. One real sale goes through the app while the
 * driver records every statement it sends (text, parameters, first row back); the statements are
 * then written out as a pgbench script, GENERATED from that capture (not hand-written): same text,
 * same order, each parameter inlined as a literal of unknown type (as the driver sends it), the
 * values that must change per sale turned into pgbench variables. pgbench's C client runs it with
 * the TPC-B run's clients and duration: no Node, no HTTP, no JSON parsing in JavaScript.
 *
 * Per transaction: a random branch among `floor_branches` (its inventory and general customer),
 * three distinct stock rows drawn from that inventory's three thirds, a fresh form_token; the sale
 * id comes back from the insert through `\gset`. Constant from the capture: user, currency, the
 * lines' item ids, prices and cost (so the posting's amounts), the idempotency record's body and hash.
 * `-M simple` so the variables can sit inside the JSON literals; the server parses and plans each
 * statement as it does the driver's unnamed statements.
 */

// Ids far above anything the bench creates, so a captured value equal to one of them is that value.
const BRANCH_BASE = 910_000;
const INVENTORY_BASE = 920_000;
const CUSTOMER_BASE = 930_000;
const STOCK_BASE = 1_000_000;
const STOCK_STRIDE = 1_000;
const SALE_ID_FLOOR = 5_000_000;
/** Marks the captured form_token inside every string it appears in (lock key, JSON, record). */
const TOKEN_MARK = "c4ptured";
export const FLOOR_BRANCHES = 10;

export interface FloorPlace {
  branch: number;
  inventory: number;
  customer: number;
  stocks: number[];
}

/** A 3-line cash-less sale as the documents bench sends it. */
export const saleBody = (place: Omit<FloorPlace, "stocks">, stocks: readonly number[], currency: number, formToken: string) => ({
  branch: place.branch,
  inventory: place.inventory,
  customer: place.customer,
  currency,
  payment_type: "debit",
  cashbox: null,
  paid_amount: "0",
  discount: "0",
  items: stocks.map((stock) => ({ stock, quantity: "1", price: "1500" })),
  form_token: formToken,
});

// ------------------------------------------------------------------------------------------ seeding

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * FLOOR_BRANCHES branches, each with an inventory, a general customer and `3 * third` stock rows of
 * goods (one per item, a billion units each so no run runs out), at ids the script can compute.
 */
async function seedFloorBranches(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ n: number }>("select count(*)::int as n from item where is_active and item_type = 1");
    const third = Math.floor(Math.min(rows[0].n, 300) / 3);
    if (third < 10) throw new Error(`sale SQL floor: ${rows[0].n} goods items, too few to draw stock rows from`);
    await client.query(`insert into branch (id, name) select ${BRANCH_BASE} + b, 'Floor branch ' || b from generate_series(1, $1::int) b`, [
      FLOOR_BRANCHES,
    ]);
    await client.query(
      `insert into inventory (id, branch_id, name) select ${INVENTORY_BASE} + b, ${BRANCH_BASE} + b, 'Floor inventory ' || b from generate_series(1, $1::int) b`,
      [FLOOR_BRANCHES],
    );
    await client.query(
      `insert into customer (id, branch_id, name, is_general) select ${CUSTOMER_BASE} + b, ${BRANCH_BASE} + b, 'General customer', true from generate_series(1, $1::int) b`,
      [FLOOR_BRANCHES],
    );
    await client.query(
      `insert into stock (id, branch_id, inventory_id, item_id, quantity, purchase_price, sale_price)
       select ${STOCK_BASE} + b * ${STOCK_STRIDE} + i.k, ${BRANCH_BASE} + b, ${INVENTORY_BASE} + b, i.id, 1000000000, 1000, 1500
       from generate_series(1, $1::int) b
       cross join (select id, row_number() over (order by id) as k from item where is_active and item_type = 1 order by id limit $2::int) i`,
      [FLOOR_BRANCHES, third * 3],
    );
    // Sale ids above every other captured number, so the sale id is recognised by value too.
    await client.query(
      `select setval(pg_get_serial_sequence('sale', 'id'), greatest((select coalesce(max(id), 0) from sale), ${SALE_ID_FLOOR}))`,
    );
    return third;
  });
}

const placeOf = (b: number, third: number): FloorPlace => ({
  branch: BRANCH_BASE + b,
  inventory: INVENTORY_BASE + b,
  customer: CUSTOMER_BASE + b,
  stocks: [0, 1, 2].map((part) => STOCK_BASE + b * STOCK_STRIDE + part * third + 1),
});

// ------------------------------------------------------------------------------------------ capture

interface Captured {
  text: string;
  values: unknown[];
  firstRow: Record<string, unknown> | null;
}

/** Records text, parameters and first row back of every statement the pg clients of this process send. */
function captureStatements(): { stop: () => Captured[] } {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const captured: Captured[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [config, params] = args as [string | { text?: string; values?: unknown[] }, unknown];
    const result = original.apply(this, args);
    const text = typeof config === "string" ? config : config?.text;
    if (typeof text !== "string") return result;
    const entry: Captured = {
      text,
      values: Array.isArray(params) ? params : (typeof config === "object" && config.values) || [],
      firstRow: null,
    };
    captured.push(entry);
    if (result instanceof Promise) {
      result.then(
        (r: { rows: unknown[]; fields: { name: string }[] }) => {
          const row = r.rows[0];
          entry.firstRow = Array.isArray(row)
            ? Object.fromEntries(r.fields.map((f, i) => [f.name, row[i]]))
            : ((row as Record<string, unknown>) ?? null);
        },
        () => undefined,
      );
    }
    return result;
  };
  return {
    stop: () => {
      proto.query = original;
      return captured;
    },
  };
}

// --------------------------------------------------------------------------------- script generation

/** The captured values that become pgbench variables, by value (the ids above are unambiguous). */
class Variables {
  readonly used = new Set<string>();
  private readonly numbers: Map<number, string>;

  constructor(place: FloorPlace, saleId: number) {
    this.numbers = new Map<number, string>([
      [place.branch, "floor_branch"],
      [place.inventory, "floor_inventory"],
      [place.customer, "floor_customer"],
      ...place.stocks.map((id, i): [number, string] => [id, `floor_stock${i + 1}`]),
      [saleId, "floor_sale_id"],
    ]);
  }

  /** `:name` for a value that changes per sale, or null. */
  numberRef(value: unknown): string | null {
    const n = typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : NaN;
    const name = this.numbers.get(n);
    if (!name) return null;
    this.used.add(name);
    return `:${name}`;
  }

  text(value: string): string {
    if (!value.includes(TOKEN_MARK)) return value;
    this.used.add("floor_token");
    return value.split(TOKEN_MARK).join(":floor_token");
  }

  missing(): string[] {
    return [...this.numbers.values(), "floor_token"].filter((name) => !this.used.has(name));
  }
}

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * JSON with a space after every colon, numbers that vary as `:name`: pgbench substitutes variables
 * inside literals in simple mode, and would read `"key"::name` as a cast.
 */
function spacedJson(value: unknown, vars: Variables): string {
  if (Array.isArray(value)) return `[${value.map((v) => spacedJson(v, vars)).join(", ")}]`;
  if (value && typeof value === "object") {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${spacedJson(v, vars)}`)
      .join(", ")}}`;
  }
  if (typeof value === "number") return vars.numberRef(value) ?? String(value);
  if (typeof value === "string") return vars.text(JSON.stringify(value));
  return JSON.stringify(value);
}

/** A parameter as an untyped literal, so the server infers its type as it does for the driver's. */
function literal(value: unknown, vars: Variables): string {
  if (value === null || value === undefined) return "NULL";
  const ref = vars.numberRef(value);
  if (ref) return quote(ref);
  // Drizzle has already mapped parameters to the driver's scalars (JSON arrives as its text).
  const text = textOf(value);
  if (/^\s*[[{]/.test(text)) {
    try {
      return quote(spacedJson(JSON.parse(text), vars));
    } catch {
      // Not JSON after all: inlined as text below.
    }
  }
  return quote(vars.text(text));
}

function pgbenchScript(captured: readonly Captured[], place: FloorPlace, saleId: number, third: number): string {
  const vars = new Variables(place, saleId);
  const insertAt = captured.findIndex((c) => c.firstRow && Object.values(c.firstRow).includes(saleId));
  if (insertAt < 0 || captured[insertAt].firstRow?.id !== saleId)
    throw new Error("sale SQL floor: no captured statement returned the sale id as `id`");
  const statements = captured.map((c, i) => {
    const text = c.text.replace(/\$(\d+)/g, (_, n: string) => literal(c.values[Number(n) - 1], vars)).trimEnd();
    return i === insertAt ? `${text} \\gset floor_sale_` : `${text};`;
  });
  const missing = vars.missing();
  if (missing.length) throw new Error(`sale SQL floor: captured statements never use ${missing.join(", ")}`);
  return [
    "-- Generated by tests/bench/sale-sql-floor.ts from the statements of one sale captured from the driver.",
    ...placeVariables(third),
    ...statements,
    "",
  ].join("\n");
}

/** pgbench lines drawing a sale's place: a branch among `floor_branches`, a stock row from each third of its inventory, a token. */
export function placeVariables(third: number): string[] {
  const stock = (part: number) => `${STOCK_BASE} + :floor_b * ${STOCK_STRIDE} + ${part * third} + random(1, ${third})`;
  return [
    "\\set floor_b random(1, :floor_branches)",
    `\\set floor_branch ${BRANCH_BASE} + :floor_b`,
    `\\set floor_inventory ${INVENTORY_BASE} + :floor_b`,
    `\\set floor_customer ${CUSTOMER_BASE} + :floor_b`,
    ...[0, 1, 2].map((part) => `\\set floor_stock${part + 1} ${stock(part)}`),
    "\\set floor_token random(1, 9000000000000000000)",
  ];
}

// ----------------------------------------------------------------------------------------------- run

const ROW_COUNTS = `select (select count(*) from sale)::int as sales, (select count(*) from sale_item)::int as lines,
  (select count(*) from stock_movement)::int as movements, (select count(*) from ledger_entry)::int as ledger,
  (select count(*) from idempotency_record)::int as records`;

/** pg_stat_statements' mean (planning + execution) per statement over the last run, when the cluster preloads it; else null. */
async function statementMeans(client: pg.Client): Promise<string | null> {
  const { rows } = await client
    .query<{ query: string; mean: number }>(
      `select regexp_replace(query, '[\\s|]+', ' ', 'g') as query, mean_plan_time + mean_exec_time as mean from pg_stat_statements
     where calls > 100 and query not like '%pg_stat_statements%' order by total_exec_time desc limit 6`,
    )
    .catch(() => ({ rows: null }));
  return rows ? rows.map((r) => `${r.mean.toFixed(2)} ms ${r.query.slice(0, 32)}…`).join("; ") : null;
}

export interface FloorRun {
  branches: number;
  tps: number;
  /** Rows written per transaction, from the tables' counts (the proof the script did a sale's work). */
  rowsPerSale: string;
  statementMeans: string | null;
  /** PostgreSQL's CPU milliseconds per transaction (local server only). */
  cpuMs: number | null;
  /** The 1-minute load average right after the run (other engineers share the cores). */
  load: string;
}

/**
 * Runs `script` with all clients in one branch, then spread over FLOOR_BRANCHES; counts the rows
 * each transaction wrote. Empty without pgbench.
 */
export interface FloorOptions {
  url: string;
  clients: number;
  seconds: number;
  cpuClock: (() => number) | null;
}

export async function runPlacements(options: FloorOptions, script: string, mode: "simple" | "prepared"): Promise<FloorRun[]> {
  const runs: FloorRun[] = [];
  await withClient(options.url, async (client) => {
    await client.query("create extension if not exists pg_stat_statements").catch(() => undefined);
    for (const branches of [1, FLOOR_BRANCHES]) {
      const before = (await client.query<Record<string, number>>(ROW_COUNTS)).rows[0];
      await client.query("select pg_stat_statements_reset()").catch(() => undefined);
      const pgbench = [
        "-n",
        "-M",
        mode,
        "-c",
        String(options.clients),
        "-j",
        "2",
        "-T",
        String(options.seconds),
        "-D",
        `floor_branches=${branches}`,
        "-f",
        script,
      ];
      const result = runPgbench(options.url, pgbench, options.cpuClock);
      if (!result) return;
      const load = loadavg()[0].toFixed(1);
      const after = (await client.query<Record<string, number>>(ROW_COUNTS)).rows[0];
      const per = (key: string) => ((after[key] - before[key]) / result.transactions).toFixed(2).replace(/\.00$/, "");
      runs.push({
        branches,
        tps: result.tps,
        rowsPerSale: `${per("sales")} sale, ${per("lines")} lines, ${per("movements")} movements, ${per("ledger")} ledger rows, ${per("records")} idempotency record`,
        statementMeans: await statementMeans(client),
        cpuMs: result.cpuMs,
        load,
      });
    }
  });
  return runs;
}

export const scriptFile = (name: string, text: string) => {
  const file = join(mkdtempSync(join(tmpdir(), "bench-sale-sql-")), name);
  writeFileSync(file, text);
  return file;
};

/**
 * Seeds the floor branches, sells once through `post` (the app) while capturing, and runs the
 * generated script in both placements. Answers the runs, the thirds' size and the answer's (for the procedure).
 */
export async function saleSqlFloor(
  options: FloorOptions & {
    currency: number;
    post: (body: ReturnType<typeof saleBody>) => Promise<{ status: number; body: unknown }>;
  },
): Promise<{ runs: FloorRun[]; third: number; answerBytes: number }> {
  const third = await seedFloorBranches(options.url);
  const place = placeOf(1, third);
  const capture = captureStatements();
  let captured: Captured[] = [];
  const sold = await options
    .post(saleBody(place, place.stocks, options.currency, `floor-${TOKEN_MARK}`))
    .finally(() => void (captured = capture.stop()));
  if (sold.status !== 201) throw new Error(`sale SQL floor: the captured sale answered ${sold.status}: ${JSON.stringify(sold.body)}`);
  const script = scriptFile("sale.sql", pgbenchScript(captured, place, (sold.body as { id: number }).id, third));
  return { runs: await runPlacements(options, script, "simple"), third, answerBytes: JSON.stringify(sold.body).length };
}
