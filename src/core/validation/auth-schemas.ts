/** Login, password and profile bodies (SPEC sections 2 and 7; DESIGN section 3). */
import { object, ref, string, type InferType } from "yup";
import { MESSAGES } from "../messages";
import { PHONE_MAX_LENGTH, optionalText } from "./common";
import { installYupLocale } from "./yup-locale";

installYupLocale();

export const USERNAME_MAX_LENGTH = 150;
export const PASSWORD_MIN_LENGTH = 8;
// Bounds the work of the password hash on hostile input.
export const PASSWORD_MAX_LENGTH = 128;

export const loginSchema = object({
  username: string().trim().required().max(USERNAME_MAX_LENGTH),
  // Passwords are never trimmed: spaces are part of them.
  password: string().required().max(PASSWORD_MAX_LENGTH),
});
export type LoginInput = InferType<typeof loginSchema>;

export const changePasswordSchema = object({
  old_password: string().required().max(PASSWORD_MAX_LENGTH),
  new_password: string().required().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
  confirm_password: string()
    .required()
    .oneOf([ref("new_password")], MESSAGES.passwordsMustMatch),
});
export type ChangePasswordInput = InferType<typeof changePasswordSchema>;

export const profileSchema = object({
  first_name: optionalText(150),
  last_name: optionalText(150),
  email: string().trim().email().max(254).nullable(),
  phone: optionalText(PHONE_MAX_LENGTH),
});
export type ProfileInput = InferType<typeof profileSchema>;
