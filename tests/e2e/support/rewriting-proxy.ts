// A loopback proxy in front of the test server that can change the body of chosen paths. The
// browser's update check of a service worker script is made by the browser itself, out of reach of
// Playwright's routing, so a "new version" of sw.js has to come from the origin: this one.
import { createServer, request as forward, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface RewritingProxy {
  /** The proxy's origin, e.g. http://127.0.0.1:41234 (a different origin from the server's). */
  origin: string;
  /** From now on, the body of `path` (exact pathname) goes through `change`. */
  rewrite(path: string, change: (body: string) => string): void;
  close(): Promise<void>;
}

export async function startRewritingProxy(target: string): Promise<RewritingProxy> {
  const upstream = new URL(target);
  const rewrites = new Map<string, (body: string) => string>();

  const server = createServer((incoming, outgoing) => {
    const change = rewrites.get(new URL(incoming.url ?? "/", "http://proxy").pathname);
    const headers: IncomingHttpHeaders = { ...incoming.headers, host: upstream.host };
    if (change) {
      // A whole, uncompressed, fresh body to change.
      delete headers["accept-encoding"];
      delete headers["if-none-match"];
      delete headers["if-modified-since"];
    }
    const upstreamRequest = forward(
      { hostname: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers },
      (answer) => {
        if (!change) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const body = Buffer.from(change(Buffer.concat(chunks).toString("utf8")), "utf8");
          const { "content-length": _length, etag: _etag, "last-modified": _modified, ...rest } = answer.headers;
          outgoing.writeHead(answer.statusCode ?? 502, { ...rest, "content-length": String(body.length) });
          outgoing.end(body);
        });
      },
    );
    upstreamRequest.on("error", () => outgoing.destroy());
    incoming.pipe(upstreamRequest);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    rewrite: (path, change) => void rewrites.set(path, change),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
