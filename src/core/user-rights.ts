/**
 * The rules that keep user administration from becoming a way up: nobody grants what
 * they do not hold unless they are a superuser, nobody manages someone who holds more than they do,
 * and nobody raises their own rights. Pure: the server computes the rights and asks here.
 */

/** What a user may do, with groups already folded into `permissions` and cashboxes resolved. */
export interface Rights {
  isSuperuser: boolean;
  permissions: readonly string[];
  branches: readonly number[];
  cashboxes: readonly number[];
}

/** `member-above`: a role has a member the actor may not manage (manageRefusal), so changing it would reach them. */
export type RightsRefusal = "superuser" | "manage-above" | "grant-above" | "raise-own" | "member-above";

const within = <T>(items: readonly T[], holder: readonly T[]) => items.every((item) => holder.includes(item));

const rightsWithin = (inner: Rights, outer: Rights) =>
  outer.isSuperuser ||
  (!inner.isSuperuser &&
    within(inner.permissions, outer.permissions) &&
    within(inner.branches, outer.branches) &&
    within(inner.cashboxes, outer.cashboxes));

/** Whether a non-superuser may touch a user at all (edit, reset the password): only one holding no more than they do. */
export function manageRefusal(actor: Rights, target: Rights): RightsRefusal | null {
  if (actor.isSuperuser) return null;
  if (target.isSuperuser) return "superuser";
  return rightsWithin(target, actor) ? null : "manage-above";
}

/**
 * Why a change of a user's rights (or a new user's, `before` null) is refused, or null.
 * `self` is true when the actor edits their own account.
 */
export function changeRefusal(actor: Rights, before: Rights | null, after: Rights, self: boolean): RightsRefusal | null {
  if (self && before && !rightsWithin(after, before)) return "raise-own";
  if (actor.isSuperuser) return null;
  if (after.isSuperuser && !before?.isSuperuser) return "superuser";
  if (before) {
    const refusal = manageRefusal(actor, before);
    if (refusal) return refusal;
  }
  return rightsWithin(after, actor) ? null : "grant-above";
}

/**
 * A group's codes may change (or the group be deleted, `after` empty) only between sets the
 * (non-superuser) actor holds in full, and only when the actor may manage every member of it by the
 * rule of a direct edit of that user: otherwise a role would carry rights sideways to another branch.
 */
export function groupChangeRefusal(
  actor: Rights,
  before: readonly string[] | null,
  after: readonly string[],
  members: readonly Rights[],
): RightsRefusal | null {
  if (actor.isSuperuser) return null;
  if (before && !within(before, actor.permissions)) return "manage-above";
  if (members.some((member) => manageRefusal(actor, member) !== null)) return "member-above";
  return within(after, actor.permissions) ? null : "grant-above";
}
