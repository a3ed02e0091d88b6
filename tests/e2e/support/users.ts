// Demo users seeded by the server on an empty database (SEED_DEMO, on by default).
export const ADMIN = { username: "admin", password: process.env.E2E_ADMIN_PASSWORD ?? "admin" } as const;
export const CASHIER = { username: "cashier", password: "cashier" } as const;

export type Credentials = { readonly username: string; readonly password: string };

/** A name no other run has used, short enough for any name column. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}
