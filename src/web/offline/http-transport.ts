/**
 * The offline layer's HTTP transport: plain fetch, injectable, so the same outbox and pull run in the
 * browser and in Node tests. It does not use the shell's ky client on purpose: the outbox decides
 * itself what a 401 or a 5xx means for a queued entry, and must never raise toasts while replaying.
 */

export interface HttpAnswer {
  status: number;
  body: unknown;
}

/** No answer from the server: offline, DNS, connection reset, timeout. */
export class NetworkError extends Error {
  constructor(readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = "NetworkError";
  }
}

export interface Transport {
  get(path: string): Promise<HttpAnswer>;
  post(path: string, body: unknown): Promise<HttpAnswer>;
}

export interface FetchTransportOptions {
  fetch?: typeof fetch;
  /** Server origin, "" for same origin; requests go to `${baseUrl}/api/${path}`. */
  baseUrl: string;
  getToken: () => string | null;
  timeoutMs?: number;
}

export function createFetchTransport(options: FetchTransportOptions): Transport {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const base = options.baseUrl.replace(/\/$/, "");

  async function send(method: "GET" | "POST", path: string, body?: unknown): Promise<HttpAnswer> {
    const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    const headers: Record<string, string> = { Accept: "application/json" };
    const token = options.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    let response: Response;
    try {
      response = await doFetch(`${base}/api/${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new NetworkError(error);
    }
    // A 401 to a token the device no longer holds (the user logged out, or signed in again, while the
    // call was on its way) says nothing of the session now: for the caller it is a call without an
    // answer (the entry stays, the pull stops), not a reason to pause the outbox or sign anyone out.
    if (response.status === 401 && token !== options.getToken()) {
      throw new NetworkError(new Error("The session that sent this call ended while it was on its way"));
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      // The connection broke while the body was read: the answer is unknown.
      throw new NetworkError(error);
    }
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (a proxy's error page): keep the text.
    }
    return { status: response.status, body: parsed };
  }

  return {
    get: (path) => send("GET", path),
    post: (path, body) => send("POST", path, body),
  };
}
