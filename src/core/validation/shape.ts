/**
 * Lists where a single value belongs, and objects where a text belongs, found before yup runs: yup's
 * trim (and our transforms that trim) call value.trim() on whatever came, and neither has one, which
 * would be a server error instead of a field error. They are reported at their path with the type's
 * message. Anything else of the wrong kind is left to yup, whose transforms may accept it (an
 * `{id, name}` where an id belongs, as the API answers references) and whose messages say why not.
 */
import { MESSAGES } from "../messages";

/** What this reads of yup's describe(): every kind of description has a type; objects and lists nest. */
export interface ShapeDescription {
  type: string;
  fields?: object;
  innerType?: unknown;
}

const SCALAR_MESSAGE: Record<string, string> = {
  string: MESSAGES.stringType,
  number: MESSAGES.number,
  boolean: MESSAGES.booleanType,
  date: MESSAGES.date,
};

const isShape = (value: unknown): value is ShapeDescription =>
  typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function shapeErrors(
  description: ShapeDescription,
  value: unknown,
  path = "",
  out: Record<string, string[]> = {},
): Record<string, string[]> {
  if (value === undefined || value === null) return out;
  const at = path || "non_field_errors";
  const scalarMessage = SCALAR_MESSAGE[description.type];
  if (scalarMessage) {
    // A text takes neither a list nor an object (JSON objects here have no toString to cast with).
    if (Array.isArray(value) || (description.type === "string" && typeof value === "object")) out[at] = [scalarMessage];
  } else if (description.type === "array" && Array.isArray(value) && isShape(description.innerType)) {
    const inner = description.innerType;
    value.forEach((item, index) => shapeErrors(inner, item, `${path}[${index}]`, out));
  } else if (description.type === "object" && isPlainObject(value)) {
    for (const [key, field] of Object.entries(description.fields ?? {})) {
      if (isShape(field) && Object.hasOwn(value, key)) shapeErrors(field, value[key], path ? `${path}.${key}` : key, out);
    }
  }
  return out;
}
