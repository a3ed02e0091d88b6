import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";

/**
 * A branch's network emulated in Chromium through the DevTools protocol (Network.emulateNetworkConditions),
 * on the page AND on the context's service workers: Chromium throttles per target, and the worker's own
 * fetches (the precache of the app at install) do not go through the page's conditions. The link also
 * counts the bytes on the wire of every request it sees (encoded, i.e. compressed, sizes with headers:
 * `Network.loadingFinished.encodedDataLength`; for a request cut off, what `Network.dataReceived` had
 * brought until then).
 *
 * Each target's throttle is its own: the page's fetches and the worker's are not shaped as one link. The
 * network bench therefore lets the install (the worker's precache) end before the first load starts.
 */
export interface LinkProfile {
  name: string;
  downMbit: number;
  upMbit: number;
  latencyMs: number;
}

export const GOOD_BRANCH: LinkProfile = { name: "good branch link (10 Mbit/s down, 2 up, 80 ms)", downMbit: 10, upMbit: 2, latencyMs: 80 };
export const POOR_BRANCH: LinkProfile = {
  name: "poor branch link (1.5 Mbit/s down, 0.5 up, 300 ms)",
  downMbit: 1.5,
  upMbit: 0.5,
  latencyMs: 300,
};

/** No emulation (loopback): the same steps without a link, so a run shows what the link itself costs. */
export const LOOPBACK: LinkProfile = { name: "no link emulated (loopback)", downMbit: 0, upMbit: 0, latencyMs: 0 };

/** 0 Mbit/s: not throttled (the protocol's -1). */
const conditions = (profile: LinkProfile, offline: boolean) => ({
  offline,
  latency: profile.latencyMs,
  downloadThroughput: profile.downMbit > 0 ? (profile.downMbit * 1_000_000) / 8 : -1,
  uploadThroughput: profile.upMbit > 0 ? (profile.upMbit * 1_000_000) / 8 : -1,
});

export interface WireRequest {
  target: "page" | "worker";
  url: string;
  method: string;
  /** Bytes on the wire so far (the final encodedDataLength once finished). */
  bytes: number;
  state: "loading" | "finished" | "failed";
  startedAt: number;
  endedAt: number | null;
}

type Send = (method: string, params?: object) => Promise<unknown>;
type NetworkEvent = { requestId: string; encodedDataLength?: number; request?: { url: string; method: string }; type?: string };

export class EmulatedLink {
  readonly requests: WireRequest[] = [];
  private readonly byId = new Map<string, WireRequest>();
  private readonly senders: Send[] = [];
  private offline = false;
  private workerSessions = 0;

  private constructor(private readonly profile: LinkProfile) {}

  /** Throttles `page` now and every service worker of `context` as soon as it starts. */
  static async attach(browser: Browser, context: BrowserContext, page: Page, profile: LinkProfile): Promise<EmulatedLink> {
    const link = new EmulatedLink(profile);
    const pageSession = await context.newCDPSession(page);
    pageSession.on("Network.requestWillBeSent", (e) => link.onEvent("page", "Network.requestWillBeSent", e as NetworkEvent));
    pageSession.on("Network.dataReceived", (e) => link.onEvent("page", "Network.dataReceived", e as NetworkEvent));
    pageSession.on("Network.loadingFinished", (e) => link.onEvent("page", "Network.loadingFinished", e as NetworkEvent));
    pageSession.on("Network.loadingFailed", (e) => link.onEvent("page", "Network.loadingFailed", e as NetworkEvent));
    await link.throttle((method, params) => pageSession.send(method as "Network.enable", params));
    const info = (await pageSession.send("Target.getTargetInfo")) as { targetInfo: { browserContextId?: string } };
    await link.watchWorkers(await browser.newBrowserCDPSession(), info.targetInfo.browserContextId);
    return link;
  }

  /**
   * Service workers are attached to (not flattened: their messages travel inside the browser session's
   * Target.sendMessageToTarget / receivedMessageFromTarget) the moment Chromium announces them, before
   * their install handler has fetched anything.
   */
  private async watchWorkers(browserSession: CDPSession, contextId: string | undefined) {
    let nextId = 1;
    const pending = new Map<number, (value: unknown) => void>();
    browserSession.on("Target.receivedMessageFromTarget", ({ sessionId, message }) => {
      const parsed = JSON.parse(message) as { id?: number; method?: string; params?: NetworkEvent; result?: unknown };
      if (parsed.id !== undefined) pending.get(parsed.id)?.(parsed.result);
      else if (parsed.method && parsed.params) this.onEvent("worker", parsed.method, parsed.params, sessionId);
    });
    browserSession.on("Target.targetCreated", ({ targetInfo }) => {
      if (targetInfo.type !== "service_worker" || (contextId && targetInfo.browserContextId !== contextId)) return;
      void (async () => {
        const { sessionId } = await browserSession.send("Target.attachToTarget", { targetId: targetInfo.targetId, flatten: false });
        const send: Send = (method, params) =>
          new Promise((resolve) => {
            const id = nextId++;
            pending.set(id, resolve);
            void browserSession.send("Target.sendMessageToTarget", { sessionId, message: JSON.stringify({ id, method, params }) });
          });
        this.workerSessions += 1;
        await this.throttle(send);
      })();
    });
    await browserSession.send("Target.setDiscoverTargets", { discover: true });
  }

  private async throttle(send: Send) {
    this.senders.push(send);
    // The bench reads the events' sizes, never a body: no copy of the responses kept for DevTools (by
    // default each target keeps up to 100 MB of them, and the first load receives 58 MB of JSON).
    await send("Network.enable", { maxTotalBufferSize: 0, maxResourceBufferSize: 0 });
    await send("Network.emulateNetworkConditions", conditions(this.profile, this.offline));
  }

  private onEvent(target: WireRequest["target"], method: string, e: NetworkEvent, sessionId = "") {
    const key = `${target}:${sessionId}:${e.requestId}`;
    if (method === "Network.requestWillBeSent" && e.request) {
      // A redirect reuses the id: the new leg is a new request on the wire.
      const request: WireRequest = {
        target,
        url: e.request.url,
        method: e.request.method,
        bytes: 0,
        state: "loading",
        startedAt: Date.now(),
        endedAt: null,
      };
      this.requests.push(request);
      this.byId.set(key, request);
      return;
    }
    const request = this.byId.get(key);
    if (!request) return;
    if (method === "Network.dataReceived") request.bytes += e.encodedDataLength ?? 0;
    else if (method === "Network.loadingFinished") {
      request.bytes = Math.max(request.bytes, e.encodedDataLength ?? 0);
      request.state = "finished";
      request.endedAt = Date.now();
    } else if (method === "Network.loadingFailed") {
      request.state = "failed";
      request.endedAt = Date.now();
    }
  }

  /** Cuts the link (every throttled target: the page sees `offline`) or brings it back with the profile's conditions. */
  async setOffline(offline: boolean) {
    this.offline = offline;
    await Promise.all(this.senders.map((send) => send("Network.emulateNetworkConditions", conditions(this.profile, offline))));
  }

  get workersThrottled() {
    return this.workerSessions;
  }

  bytes(filter: (r: WireRequest) => boolean = () => true) {
    return this.requests.filter(filter).reduce((sum, r) => sum + r.bytes, 0);
  }
}

export const isPull = (r: WireRequest) => r.url.includes("/api/sync/pull/");
