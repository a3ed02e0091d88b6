/** User and group (role) bodies of the users screen and `user/` API. */
import { array, boolean, object, string, type InferType } from "yup";
import { MESSAGES } from "../messages";
import { NAME_MAX_LENGTH, optionalId, optionalText, requiredId } from "./common";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from "./auth-schemas";
import { installYupLocale } from "./yup-locale";

installYupLocale();

/** Django's username characters: letters, digits and @ . + - _. */
const USERNAME_PATTERN = /^[\w.@+-]+$/;
const MAX_CODES = 1_000;
const MAX_REFS = 1_000;

export const usernameField = () => string().trim().required().max(USERNAME_MAX_LENGTH).matches(USERNAME_PATTERN, MESSAGES.invalid);

/** At least 8 characters and not the username (compared without case). */
export const passwordField = () => string().required().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

export const passwordIsUsername = (password: string | undefined, username: string | undefined) =>
  !!password && !!username && password.trim().toLowerCase() === username.trim().toLowerCase();

const idArray = () => array().of(requiredId()).max(MAX_REFS).default([]);
const codeArray = () => array().of(string().trim().required().max(100)).max(MAX_CODES).default([]);

const userFields = {
  username: usernameField(),
  first_name: optionalText(150),
  last_name: optionalText(150),
  email: string().trim().email().max(254).nullable(),
  phone: optionalText(32),
  is_superuser: boolean().default(false),
  is_active: boolean().default(true),
  branches: idArray(),
  default_branch: optionalId().test("in-branches", MESSAGES.defaultBranchNotInBranches, function check(value) {
    if (value == null) return true;
    const branches: unknown = (this.parent as { branches?: unknown }).branches;
    return Array.isArray(branches) && branches.map(Number).includes(value);
  }),
  /** Checked on the server: an inventory of one of the user's branches (user.service.ts). */
  default_inventory: optionalId(),
  cashboxes: idArray(),
  groups: idArray(),
  permissions: codeArray(),
};

/** Edit: everything but the password, which changes only through reset-password (or the user's own change). */
export const userUpdateSchema = object(userFields);
export type UserUpdateInput = InferType<typeof userUpdateSchema>;

export const userCreateSchema = object({
  ...userFields,
  password: passwordField().test("not-username", MESSAGES.passwordIsUsername, function check(value) {
    return !passwordIsUsername(value, (this.parent as { username?: string }).username);
  }),
});
export type UserCreateInput = InferType<typeof userCreateSchema>;

export const resetPasswordSchema = object({ password: passwordField() });

export const groupSchema = object({
  name: string().trim().required().max(NAME_MAX_LENGTH),
  permissions: codeArray(),
});
export type GroupInput = InferType<typeof groupSchema>;
