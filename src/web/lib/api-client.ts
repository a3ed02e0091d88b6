import ky, { HTTPError } from "ky";
import { errorAction, fieldErrorsFromBody, messageFromBody } from "./api-errors";
import { appStore, clearSession, tokenAtom } from "./app-state";
import { translateMessage } from "./messages";
import { navigateTo } from "./navigate";
import { showError } from "./toast";

/**
 * Base address of the API server. Empty means same origin (production, or the vite dev proxy).
 * VITE_SERVER_URL points a dev build at another host.
 */
export const SERVER_BASE: string = ((import.meta.env.VITE_SERVER_URL as string | undefined) ?? "").replace(/\/$/, "");

/** Parsed error bodies, kept beside the error because a response body can be read only once. */
const errorBodies = new WeakMap<HTTPError, unknown>();

async function readBody(response: Response): Promise<unknown> {
  try {
    const text = await response.clone().text();
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

function sentWithCurrentToken(request: Request): boolean {
  const token = appStore.get(tokenAtom);
  return (request.headers.get("Authorization") ?? null) === (token ? `Bearer ${token}` : null);
}

/**
 * The shared HTTP client: JSON, bearer token from app state, SPEC section 8 error handling, then the
 * error is rethrown to the caller. Pass `context: { silent: true }` to skip the toasts (401 still clears).
 */
export const api = ky.create({
  prefixUrl: `${SERVER_BASE}/api/`,
  headers: { Accept: "application/json" },
  hooks: {
    beforeRequest: [
      (request) => {
        const token = appStore.get(tokenAtom);
        if (token) request.headers.set("Authorization", `Bearer ${token}`);
      },
    ],
    beforeError: [
      async (error) => {
        const body = await readBody(error.response);
        errorBodies.set(error, body);
        const action = errorAction(error.response.status, body, translateMessage);
        if (action.kind === "unauthorized") {
          // Only the session that sent the request ends: a call answered after its user logged out
          // (or signed in again) must not clear the new state nor navigate away from where it went.
          if (sentWithCurrentToken(error.request)) {
            clearSession();
            navigateTo("/", { replace: true });
          }
        } else if (action.kind === "toast" && !error.options.context.silent) {
          showError(action.lines.join("\n"));
        }
        return error;
      },
    ],
  },
});

/** The parsed JSON body of a failed call, or null (network error, empty or non-JSON body). */
export function getErrorBody(error: unknown): unknown {
  return error instanceof HTTPError ? (errorBodies.get(error) ?? null) : null;
}

/** HTTP status of a failed call, or null for a network failure. */
export function getErrorStatus(error: unknown): number | null {
  return error instanceof HTTPError ? error.response.status : null;
}

/**
 * Field name -> first translated message of a 400 body, for Formik:
 * `catch (e) { setErrors(toFieldErrors(e)) }`. Empty for other errors.
 */
export function toFieldErrors(error: unknown): Record<string, string> {
  return fieldErrorsFromBody(getErrorBody(error), translateMessage);
}

/** The translated {message} of an error body, or null. */
export function toErrorMessage(error: unknown): string | null {
  return messageFromBody(getErrorBody(error), translateMessage);
}

/** True when the call failed without any answer from the server (offline, DNS, timeout). */
export function isNetworkError(error: unknown): boolean {
  return !(error instanceof HTTPError) && error instanceof Error;
}

/** Media paths (/media/...) are served by the API server; prefix them with its base address. */
export function mediaUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  return path.startsWith("/media") ? `${SERVER_BASE}${path}` : path;
}
