/**
 * How long a sign-in lasts: at most TOKEN_LIFETIME_DAYS from the sign-in, and no longer than the idle
 * limit past the token's last use. The idle limit is generous by default: a tablet kept offline for
 * days signs in again and replays its outbox (queued documents do not depend on the token).
 */
export const TOKEN_LIFETIME_DAYS = 30;
export const DEFAULT_TOKEN_IDLE_DAYS = 7;

/** TOKEN_IDLE_DAYS: a positive number of days (fractions allowed); anything else keeps the default. */
export function tokenIdleDaysFromEnv(value: string | undefined): number {
  const days = Number(value?.trim());
  return value?.trim() && Number.isFinite(days) && days > 0 ? Math.min(days, TOKEN_LIFETIME_DAYS) : DEFAULT_TOKEN_IDLE_DAYS;
}
