/**
 * The form_token every create carries (SPEC section 3, DESIGN section 4): user id, timestamp and a
 * random UUID, e.g. "7-1732200000000-3b241101-e2bb-4255-8caf-4136c566a962". The server keys
 * idempotency on it and scopes it to its user, so the user id is part of the token.
 */

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const FORM_TOKEN = new RegExp(`^(\\d+)-(\\d+)-(${UUID})$`, "i");

/** Longest token the server needs to store. */
export const FORM_TOKEN_MAX_LENGTH = 100;

export function newFormToken(userId: number | string, now: number = Date.now()): string {
  // globalThis.crypto exists in browsers, service workers and Node 20.
  return `${userId}-${now}-${globalThis.crypto.randomUUID()}`;
}

export interface ParsedFormToken {
  userId: number;
  timestamp: number;
  uuid: string;
}

/** Splits a token; null when it is not of the form above. */
export function parseFormToken(token: string): ParsedFormToken | null {
  if (token.length > FORM_TOKEN_MAX_LENGTH) return null;
  const match = FORM_TOKEN.exec(token);
  if (!match) return null;
  return { userId: Number(match[1]), timestamp: Number(match[2]), uuid: match[3].toLowerCase() };
}

/** True when the token is well formed and was issued for this user. */
export function isFormTokenOf(token: string, userId: number): boolean {
  return parseFormToken(token)?.userId === userId;
}
