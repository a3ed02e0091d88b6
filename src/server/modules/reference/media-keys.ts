/**
 * Media is read through `<img src>` (no bearer token) and kept by the devices, so it is served under a
 * key nobody can guess (128 random bits, base64url) rather than its row id, which counts up. Every url
 * the API answers is built here from the key, and every body names media by its key (or that url): a
 * row id is refused, or anyone could attach another's picture by number and read back its key.
 */
import { randomBytes } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { mixed } from "yup";
import { MESSAGES } from "../../../core/messages";
import { queryRows, type Tx } from "../../db/client";
import { invalidChoice } from "../../http/resource";

export const MEDIA_KEY = /^[A-Za-z0-9_-]{22}$/;
const MEDIA_URL = /^\/media\/([A-Za-z0-9_-]{22})\/?$/;

export const newMediaKey = () => randomBytes(16).toString("base64url");

export const mediaUrl = (key: string) => `/media/${key}/`;

/** The url of the media row `idColumn` names (null when it names none), for a list's select. */
export const mediaUrlSql = (idColumn: SQL) => sql`(select '/media/' || mu.key || '/' from media mu where mu.id = ${idColumn})`;

/** The row id of a media key, for a write's values (the key is checked first: assertMediaKey). */
export const mediaIdOfKey = (key: string | null | undefined) => (key ? sql`(select id from media where key = ${key})` : null);

/**
 * An image field of a body: a media key from `POST media/`, or the `/media/<key>/` url the API answers
 * (so a PATCH that sends the loaded record back unchanged keeps the same image); empty for none.
 */
export const imageField = () =>
  mixed<string>()
    .transform((value: unknown) => {
      if (value === undefined || value === null || value === "") return null;
      if (typeof value !== "string") return "";
      const trimmed = value.trim();
      return MEDIA_URL.exec(trimmed)?.[1] ?? trimmed;
    })
    .nullable()
    .test("media-key", MESSAGES.invalid, (value) => value === null || value === undefined || MEDIA_KEY.test(value));

/** 400 `{field: ["Invalid pk ..."]}` unless the key names a stored media row. */
export async function assertMediaKey(tx: Tx, key: string, field: string) {
  const rows = await queryRows<{ id: number }>(tx, sql`select id from media where key = ${key} limit 1`);
  if (rows.length === 0) throw invalidChoice(field);
}
