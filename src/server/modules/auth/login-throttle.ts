/**
 * Sign-in throttling that cannot be turned against the owner (OWASP's "Slow down online
 * guessing attacks with device cookies"). Failures are counted per username and address, per
 * address, and per username from unknown devices; past a few, that client must wait a delay that
 * doubles with each further failure (capped), so it is slowed down rather than locked out. A device
 * that signed in successfully before carries a device cookie and is counted on its own: it keeps
 * signing in while other addresses are refused, until it fails a few times itself.
 */
import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { loginDevice, loginFailure, passwordCheckFailure } from "../../db/tables";
import { recordSignInEvent } from "./sign-in-events";

export const DEVICE_COOKIE = "bo_device";
const DEVICE_COOKIE_DAYS = 365;
const WINDOW_MS = 15 * 60 * 1000;
const FIRST_DELAY_MS = 30 * 1000;

/** Failures allowed in the window before each counter starts slowing its client down. */
const FREE = { userAtAddress: 5, address: 30, userFromUnknownDevices: 20, device: 5, passwordCheck: 5 } as const;

export interface Attempt {
  username: string;
  ip: string;
  /** The raw device cookie the request carried, if any. */
  deviceCookie: string | undefined;
}

interface Counter {
  n: number;
  last: Date | null;
}

const hash = (value: string) => createHash("sha256").update(value).digest("hex");

/** When a counter past its free failures lets its client try again (null: it may now). */
function waitUntil(counter: Counter, free: number): Date | null {
  if (counter.n < free || !counter.last) return null;
  const delay = Math.min(WINDOW_MS, FIRST_DELAY_MS * 2 ** (counter.n - free));
  const until = new Date(counter.last.getTime() + delay);
  return until.getTime() > Date.now() ? until : null;
}

/** The device id of a cookie that belongs to this user, or null. */
export async function knownDevice(db: Db, userId: number | null, cookie: string | undefined): Promise<number | null> {
  if (!cookie || userId === null || cookie.length > 200) return null;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from login_device where token_hash = ${hash(cookie)} and user_id = ${userId} limit 1`,
  );
  return rows[0] ? Number(rows[0].id) : null;
}

async function counters(db: Db, attempt: Attempt, deviceId: number | null) {
  const since = new Date(Date.now() - WINDOW_MS);
  const [row] = await queryRows<Record<string, number | string | Date | null>>(
    db,
    sql`select
        count(*) filter (where username = ${attempt.username} and ip = ${attempt.ip})::int as user_ip_n,
        max(at) filter (where username = ${attempt.username} and ip = ${attempt.ip}) as user_ip_last,
        count(*) filter (where ip = ${attempt.ip})::int as ip_n,
        max(at) filter (where ip = ${attempt.ip}) as ip_last,
        count(*) filter (where username = ${attempt.username} and device_id is null)::int as user_n,
        max(at) filter (where username = ${attempt.username} and device_id is null) as user_last,
        count(*) filter (where device_id = ${deviceId ?? -1})::int as device_n,
        max(at) filter (where device_id = ${deviceId ?? -1}) as device_last
      from login_failure
      where at > ${since.toISOString()}::timestamptz
        and (username = ${attempt.username} or ip = ${attempt.ip} or device_id = ${deviceId ?? -1})`,
  );
  const counter = (prefix: string): Counter => ({
    n: Number(row?.[`${prefix}_n`] ?? 0),
    last: row?.[`${prefix}_last`] ? new Date(row[`${prefix}_last`] as string) : null,
  });
  return { userAtAddress: counter("user_ip"), address: counter("ip"), user: counter("user"), device: counter("device") };
}

export interface Verdict {
  /** Set when the client must wait: the time it may try again. */
  retryAt: Date | null;
  /** The trusted device the attempt came from (its failures count on it alone). */
  deviceId: number | null;
}

/** Whether this attempt may be checked at all, and how it is counted. */
export async function judge(db: Db, attempt: Attempt, userId: number | null): Promise<Verdict> {
  const deviceId = await knownDevice(db, userId, attempt.deviceCookie);
  const c = await counters(db, attempt, deviceId);
  if (deviceId !== null) {
    const retryAt = waitUntil(c.device, FREE.device);
    if (!retryAt) return { retryAt: null, deviceId };
    // A device cookie that keeps failing is no longer trusted: it is judged like any other client.
  }
  const waits = [
    waitUntil(c.userAtAddress, FREE.userAtAddress),
    waitUntil(c.address, FREE.address),
    waitUntil(c.user, FREE.userFromUnknownDevices),
  ];
  const retryAt = waits.reduce<Date | null>((latest, w) => (w && (!latest || w > latest) ? w : latest), null);
  return { retryAt, deviceId: null };
}

/** Records a failure; when it starts a wait for this username and address, that lockout goes to the audit trail. */
export async function recordFailure(db: Db, attempt: Attempt, verdict: Verdict, userId: number | null) {
  await db.insert(loginFailure).values({ username: attempt.username, ip: attempt.ip, deviceId: verdict.deviceId });
  if (verdict.deviceId !== null) return;
  const after = await counters(db, attempt, null);
  const until = waitUntil(after.userAtAddress, FREE.userAtAddress);
  if (until) await recordSignInEvent(db, { kind: "lockout", userId, username: attempt.username, ip: attempt.ip, until });
}

/**
 * A successful sign-in clears this address's failures for the username (never another address's: an
 * attacker's stay counted) and the device's, records the end of a lockout it follows, and answers the
 * device cookie to set: a fresh one for a device not known yet.
 */
export async function recordSuccess(db: Db, attempt: Attempt, verdict: Verdict, userId: number): Promise<string | null> {
  if (verdict.deviceId !== null) {
    // A known device clears its own failures only: an attacker sharing its address stays counted.
    await db.execute(sql`delete from login_failure where device_id = ${verdict.deviceId}`);
    await db.execute(sql`update login_device set last_used_at = now() where id = ${verdict.deviceId}`);
    return null;
  }
  const before = await counters(db, attempt, null);
  await db.execute(sql`delete from login_failure where username = ${attempt.username} and ip = ${attempt.ip} and device_id is null`);
  if (before.userAtAddress.n >= FREE.userAtAddress) {
    await recordSignInEvent(db, { kind: "lockout-end", userId, username: attempt.username, ip: attempt.ip, until: new Date() });
  }
  const cookie = randomBytes(32).toString("base64url");
  await db.insert(loginDevice).values({ userId, tokenHash: hash(cookie) });
  return cookie;
}

/**
 * The current-password check of a signed-in user (change-password) is slowed down like a sign-in,
 * counted per user: a stolen session cannot guess the password to take the account for good.
 * Answers when the user may try again, or null when they may now.
 */
export async function judgePasswordCheck(db: Db, userId: number): Promise<Date | null> {
  const since = new Date(Date.now() - WINDOW_MS);
  const [row] = await queryRows<{ n: number; last: string | Date | null }>(
    db,
    sql`select count(*)::int as n, max(at) as last from password_check_failure
        where user_id = ${userId} and at > ${since.toISOString()}::timestamptz`,
  );
  return waitUntil({ n: Number(row?.n ?? 0), last: row?.last ? new Date(row.last) : null }, FREE.passwordCheck);
}

export async function recordPasswordCheckFailure(db: Db, userId: number): Promise<void> {
  await db.insert(passwordCheckFailure).values({ userId });
}

/** The right password clears the user's count, as a sign-in clears its own. */
export async function clearPasswordCheck(db: Db, userId: number): Promise<void> {
  await db.execute(sql`delete from password_check_failure where user_id = ${userId}`);
}

export function deviceCookieHeader(value: string, secure: boolean): string {
  const maxAge = DEVICE_COOKIE_DAYS * 24 * 3600;
  return `${DEVICE_COOKIE}=${value}; Path=/api/login/; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}

/** The device cookie of a Cookie header. */
export function readDeviceCookie(header: string | undefined): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === DEVICE_COOKIE) return value.join("=");
  }
  return undefined;
}
