import { array, mixed, object, string } from "yup";
import { MESSAGES, interpolate } from "../messages";
import { isBatchableCreate, REPLAY_BATCH_MAX_ENTRIES } from "../replay-batch";
import { installYupLocale } from "./yup-locale";

installYupLocale();

/** The batch's shape: the server's check (and its API description); each body is then its route's to check. */
export const replayBatchSchema = () =>
  object({
    entries: array()
      .of(
        object({
          path: string()
            .required()
            .max(200)
            .test("batchable", MESSAGES.invalid, (path) => path === undefined || isBatchableCreate(path)),
          body: mixed<Record<string, unknown>>()
            .required()
            .test("object", MESSAGES.objectType, (body) => typeof body === "object" && body !== null && !Array.isArray(body)),
        }),
      )
      .required()
      .min(1, interpolate(MESSAGES.minItems, { min: 1 }))
      .max(REPLAY_BATCH_MAX_ENTRIES, interpolate(MESSAGES.maxItems, { max: REPLAY_BATCH_MAX_ENTRIES })),
  });
