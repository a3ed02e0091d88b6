/** The body of a list filter's options (SPEC section 7: `POST <list endpoint> {keyword}`). */
import { object, type InferType } from "yup";
import { optionalText } from "./common";
import { installYupLocale } from "./yup-locale";

installYupLocale();

export const LIST_OPTIONS_KEYWORD_MAX = 200;

export const listOptionsSchema = object({ keyword: optionalText(LIST_OPTIONS_KEYWORD_MAX) });
export type ListOptionsInput = InferType<typeof listOptionsSchema>;

/** The list query the keyword searches with: the list's own `search`, nothing when no keyword is typed. */
export const listOptionsQuery = (body: ListOptionsInput): Record<string, string> => (body.keyword ? { search: body.keyword } : {});
