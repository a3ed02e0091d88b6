import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import {
  appUser,
  authGroup,
  branch,
  cashbox,
  city,
  currency,
  customer,
  exchangeRate,
  groupPermission,
  inventory,
  item,
  itemGroup,
  itemSubgroup,
  measurement,
  partner,
  printInfo,
  setting,
  supplier,
  supplierBranch,
  userBranch,
  userGroup,
  userPermission,
} from "../db/tables";
import { hashPassword } from "../http/passwords";
import { seedDemoAccounting } from "./demo-accounting";
import { seedDemoHr } from "./demo-hr";
import { seedDemoAccountingDocuments, seedDemoCapital } from "./demo-accounting-documents";
import { seedDemoSales } from "./demo-sales";
import { seedDemoReportAlerts } from "./demo-report-alerts";
import { seedDemoSalesHistory } from "./demo-sales-history";
import { seedDemoStock } from "./demo-stock";
import { seedDemoStockDocuments } from "./demo-stock-documents";
import { CASHIER_CODES, HR_CODES, MANAGER_CODES } from "./permission-sets";

export interface SeedOptions {
  demo: boolean;
  adminPassword?: string;
}

/**
 * Runs under the start-up lock (db/client.ts), so two processes never seed twice. An empty database
 * (no users) gets the demo business, or with demo off only an admin whose password comes from
 * ADMIN_PASSWORD.
 */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<"seeded" | "skipped"> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(appUser);
  if (n > 0) return "skipped";
  await db.transaction(async (tx) => {
    if (options.demo) await seedDemo(tx);
    else await seedAdminOnly(tx, options.adminPassword);
  });
  return "seeded";
}

async function seedAdminOnly(tx: Tx, password: string | undefined) {
  if (!password || password.length < 8) {
    throw new Error("SEED_DEMO=false needs ADMIN_PASSWORD (at least 8 characters) for the first admin");
  }
  await seedCurrencies(tx);
  await tx.insert(appUser).values({ username: "admin", passwordHash: await hashPassword(password), isSuperuser: true });
}

async function seedCurrencies(tx: Tx) {
  const [iqd, usd] = await tx
    .insert(currency)
    .values([
      { code: "IQD", name: "Iraqi Dinar", symbol: "د.ع", isBase: true },
      { code: "USD", name: "US Dollar", symbol: "$" },
    ])
    .returning();
  await tx.insert(setting).values([
    { key: "base_currency", value: String(iqd.id) },
    { key: "batch_number", value: "1" },
  ]);
  return { iqd, usd };
}

/** A small deterministic generator so every fresh demo database is the same. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const GROUPS: Record<string, string[]> = {
  Beverages: ["Soft drinks", "Juices", "Water"],
  Dairy: ["Milk", "Cheese", "Yoghurt"],
  Bakery: ["Bread", "Biscuits"],
  Cleaning: ["Detergents", "Paper goods"],
  Electronics: ["Phones", "Accessories"],
  Services: ["Delivery", "Installation"],
};

const PRODUCTS = [
  "Cola",
  "Orange",
  "Apple",
  "Mango",
  "Mineral",
  "Sparkling",
  "Full cream",
  "Low fat",
  "Feta",
  "Cheddar",
  "Labneh",
  "Samoon",
  "Toast",
  "Digestive",
  "Wafer",
  "Powder",
  "Liquid",
  "Tissue",
  "Kitchen roll",
  "Charger",
  "Cable",
  "Earbuds",
  "Power bank",
  "Case",
];
const SIZES = ["250 ml", "330 ml", "1 L", "1.5 L", "500 g", "1 kg", "small", "medium", "large", "pack of 6", "pack of 12"];

async function seedDemo(tx: Tx) {
  const { iqd, usd } = await seedCurrencies(tx);
  const today = new Date();
  const isoDate = (d: Date) => d.toISOString().slice(0, 10);
  await tx.insert(exchangeRate).values([
    { currencyId: usd.id, rate: "1310.00", inputDate: isoDate(new Date(today.getTime() - 7 * 86_400_000)) },
    { currencyId: usd.id, rate: "1320.00", inputDate: isoDate(today) },
  ]);

  const branches = await tx
    .insert(branch)
    .values([
      { name: "Erbil Main", shortCode: "ERB", color: "#4A6486", description: "Head office and main warehouse" },
      { name: "Sulaymaniyah", shortCode: "SUL", color: "#2F855A", description: "Branch store" },
    ])
    .returning();
  for (const b of branches) {
    await tx.insert(inventory).values([
      { branchId: b.id, name: `${b.name} warehouse` },
      { branchId: b.id, name: `${b.name} shop floor` },
    ]);
    await tx.insert(cashbox).values([
      { branchId: b.id, currencyId: iqd.id, name: `${b.name} IQD cashbox` },
      { branchId: b.id, currencyId: usd.id, name: `${b.name} USD cashbox` },
    ]);
    await tx.insert(printInfo).values({
      branchId: b.id,
      name: b.name,
      description: "Wholesale and retail",
      phone: b.id === branches[0].id ? "+964 750 000 0001" : "+964 770 000 0002",
      address: b.id === branches[0].id ? "100m Street, Erbil" : "Salim Street, Sulaymaniyah",
    });
  }

  const cities = await tx
    .insert(city)
    .values([{ name: "Erbil" }, { name: "Sulaymaniyah" }, { name: "Duhok" }, { name: "Kirkuk" }])
    .returning();
  const measures = await tx
    .insert(measurement)
    .values([{ name: "Piece" }, { name: "Box" }, { name: "Carton" }, { name: "Kg" }, { name: "Litre" }])
    .returning();

  await tx.insert(partner).values([
    { name: "General partner", isCustomer: true, isSupplier: true, isGeneral: true },
    { name: "Karwan Trading", phone: "+964 750 111 2233", isCustomer: true, isSupplier: true },
    { name: "Nawroz Foods", phone: "+964 770 222 3344", isSupplier: true },
  ]);

  const suppliers = await tx
    .insert(supplier)
    .values([
      { name: "Zagros Beverages", phone: "+964 750 123 4567", address: "Industrial area, Erbil" },
      { name: "Kurdistan Dairy Co.", phone: "+964 751 222 3333", address: "Koya road" },
      { name: "Baghdad Electronics", phone: "+964 780 444 5555", address: "Rashid Street, Baghdad" },
      { name: "Slemani Cleaning Supplies", phone: "+964 770 666 7777", address: "Sulaymaniyah" },
    ])
    .returning();
  await tx.insert(supplierBranch).values([
    { supplierId: suppliers[0].id, branchId: branches[0].id },
    { supplierId: suppliers[0].id, branchId: branches[1].id },
    { supplierId: suppliers[1].id, branchId: branches[0].id },
    { supplierId: suppliers[2].id, branchId: branches[0].id },
    { supplierId: suppliers[3].id, branchId: branches[1].id },
  ]);

  await tx.insert(customer).values([
    { name: "General customer", branchId: branches[0].id, isGeneral: true, cityId: cities[0].id },
    { name: "General customer", branchId: branches[1].id, isGeneral: true, cityId: cities[1].id },
    { name: "Aram Market", phone: "+964 750 987 6543", branchId: branches[0].id, cityId: cities[0].id },
    { name: "Shilan Supermarket", phone: "+964 750 555 1212", branchId: branches[0].id, cityId: cities[0].id },
    { name: "Rebin Store", phone: "+964 770 333 4545", branchId: branches[1].id, cityId: cities[1].id },
    { name: "Hawre Wholesale", phone: "+964 770 777 8989", branchId: branches[1].id, cityId: cities[2].id },
  ]);

  const random = generator(20261121);
  const itemRows: (typeof item.$inferInsert)[] = [];
  let serial = 0;
  for (const [groupName, subgroups] of Object.entries(GROUPS)) {
    const [group] = await tx.insert(itemGroup).values({ name: groupName }).returning();
    const subs = await tx
      .insert(itemSubgroup)
      .values(subgroups.map((name) => ({ name, itemGroupId: group.id })))
      .returning();
    for (const sub of subs) {
      const count = groupName === "Services" ? 3 : 24;
      for (let i = 0; i < count; i += 1) {
        serial += 1;
        const isService = groupName === "Services";
        const purchase = Math.round((250 + random() * 60_000) / 250) * 250;
        const sale = Math.round((purchase * (1.1 + random() * 0.4)) / 250) * 250;
        const tracked = !isService && random() < 0.3;
        const expiry = new Date(today.getTime() + Math.round((random() * 400 - 40) * 86_400_000));
        itemRows.push({
          code: `IT-${String(serial).padStart(5, "0")}`,
          barcode: String(6_260_000_000_000 + serial * 7),
          name: isService
            ? `${sub.name} service ${i + 1}`
            : `${PRODUCTS[(serial * 7) % PRODUCTS.length]} ${sub.name} ${SIZES[serial % SIZES.length]}`,
          itemType: isService ? 2 : serial % 29 === 0 ? 4 : 1,
          isActive: serial % 41 !== 0,
          purchasePrice: purchase.toFixed(2),
          salePrice: sale.toFixed(2),
          profitPercentage: (((sale - purchase) / purchase) * 100).toFixed(2),
          minQuantity: isService ? "0" : String(5 + Math.floor(random() * 20)),
          perPacketQuantity: String([1, 6, 12, 24][serial % 4]),
          measurementId: measures[0].id,
          packetMeasurementId: measures[2].id,
          itemGroupId: group.id,
          itemSubgroupId: sub.id,
          batchNumber: tracked ? `B${today.getFullYear()}-${String(serial).padStart(4, "0")}` : "",
          expireDate: tracked ? isoDate(expiry) : null,
        });
      }
    }
  }
  await tx.insert(item).values(itemRows);

  const [manager, hr, cashierGroup] = await tx
    .insert(authGroup)
    .values([{ name: "Manager" }, { name: "HR" }, { name: "Cashier" }])
    .returning();
  await tx
    .insert(groupPermission)
    .values([
      ...MANAGER_CODES.map((code) => ({ groupId: manager.id, code })),
      ...HR_CODES.map((code) => ({ groupId: hr.id, code })),
      ...CASHIER_CODES.map((code) => ({ groupId: cashierGroup.id, code })),
    ]);

  const [admin, cashier] = await tx
    .insert(appUser)
    .values([
      {
        username: "admin",
        passwordHash: await hashPassword("admin"),
        firstName: "Admin",
        isSuperuser: true,
        defaultBranchId: branches[0].id,
      },
      { username: "cashier", passwordHash: await hashPassword("cashier"), firstName: "Cashier", defaultBranchId: branches[0].id },
    ])
    .returning();
  await tx.insert(userBranch).values([
    { userId: admin.id, branchId: branches[0].id },
    { userId: admin.id, branchId: branches[1].id },
    { userId: cashier.id, branchId: branches[0].id },
  ]);
  await tx.insert(userGroup).values({ userId: cashier.id, groupId: cashierGroup.id });
  // Kept so a direct per-user grant has a demo too (Django has both).
  await tx.insert(userPermission).values({ userId: cashier.id, code: "view_customer" });

  // Documents come last: they need the users, stock needs the items, sales need the stock.
  await seedDemoCapital(tx);
  await seedDemoStock(tx);
  await seedDemoStockDocuments(tx);
  await seedDemoSalesHistory(tx);
  await seedDemoSales(tx);
  await seedDemoReportAlerts(tx);
  await seedDemoAccounting(tx);
  await seedDemoHr(tx);
  await seedDemoAccountingDocuments(tx);
}
