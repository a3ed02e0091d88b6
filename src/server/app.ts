import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import type { Db } from "./db/client";
import { installAccessControl } from "./http/access";
import { DEFAULT_TOKEN_IDLE_DAYS } from "./http/session-policy";
import { installErrorHandler } from "./http/errors";
import { installCompression } from "./http/compression";
import { installRequestGuard } from "./http/request-guard";
import { installOpenApi, requireBodySchemas } from "./http/openapi";
import { registerAuthRoutes } from "./modules/auth/auth.routes";
import { installAuditContext } from "./modules/audit/audit.service";
import { registerAuditRoutes } from "./modules/audit/audit.routes";
import { registerOrganisationRoutes } from "./modules/organisation/organisation.routes";
import { registerMediaRoutes } from "./modules/reference/media.routes";
import { registerAttachmentRoutes } from "./modules/attachment/attachment.routes";
import { registerReferenceRoutes } from "./modules/reference/reference.routes";
import { registerDocuments } from "./modules/documents";
import { registerHr } from "./modules/hr/hr.routes";
import { registerMasterData } from "./modules/master-data";
import { registerSyncRoutes } from "./modules/sync/sync.routes";
import { registerUserRoutes } from "./modules/users/user.routes";
import { registerBackupRoutes } from "./backup/backup.routes";
import { registerImportRoutes } from "./modules/import/import.routes";
import { registerExportRoutes } from "./modules/export/export.routes";
import type { BackupContext } from "./backup/backup-service";

export interface AppDeps {
  db: Db;
  /** Folder of the built web app (dist/web); served with the SPA fallback when present. */
  webRoot?: string;
  logger?: boolean;
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify's trustProxy: true, or their addresses).
   * Off by default: the sign-in throttle counts failures per address, and a believed header would let
   * anyone claim a new address per try.
   */
  trustProxy?: boolean | string;
  /** Days a token lives unused (session-policy.ts; TOKEN_IDLE_DAYS), default DEFAULT_TOKEN_IDLE_DAYS. */
  tokenIdleDays?: number;
  /** The embedded default's backups (BACKUP_DIR); unset on another database server. */
  backups?: BackupContext;
  /** Why the product takes no backups of its own, when it takes none. */
  backupsUnmanagedReason?: string | null;
}

const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", "data:", "blob:"],
      // Chakra (emotion) writes style tags at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      workerSrc: ["'self'"],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", "data:"],
      mediaSrc: ["'self'", "data:"],
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * Helmet's headers, worked out once at start: @fastify/helmet builds helmet's middleware again (CSP
 * parsing included) on every request, about 0.1 ms each, and these headers never vary (no nonces).
 */
async function securityHeaders(): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, HELMET_OPTIONS);
  probe.get("/", async () => "");
  const answer = await probe.inject({ url: "/" });
  await probe.close();
  const fastifyOwn = new Set(["content-type", "content-length", "date", "connection", "keep-alive"]);
  return Object.fromEntries(
    Object.entries(answer.headers)
      .filter(([name]) => !fastifyOwn.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: deps.trustProxy ?? false,
    bodyLimit: 5 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false },
  });
  installErrorHandler(app);
  const headers = await securityHeaders();
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(headers);
    // Answers carry business data and tokens: never kept in the browser's HTTP cache (ASVS 8.2.1).
    // The device's copy lives in IndexedDB; the cache only cost the first load a second copy on disk.
    if (request.url.startsWith("/api/")) reply.header("cache-control", "no-store");
    done();
  });
  await installCompression(app);
  await app.register(multipart);
  await installOpenApi(app);
  installAccessControl(app, deps.db, deps.tokenIdleDays ?? DEFAULT_TOKEN_IDLE_DAYS);
  installAuditContext(app, deps.db);
  requireBodySchemas(app);
  installRequestGuard(app);

  registerAuthRoutes(app, deps);
  registerUserRoutes(app, { db: deps.db, tokenIdleDays: deps.tokenIdleDays ?? DEFAULT_TOKEN_IDLE_DAYS });
  registerReferenceRoutes(app, deps);
  registerMediaRoutes(app, deps);
  registerMasterData(app, deps);
  registerDocuments(app, deps);
  registerAttachmentRoutes(app, deps);
  registerHr(app, deps);
  registerSyncRoutes(app, deps);
  registerAuditRoutes(app, deps);
  registerOrganisationRoutes(app, deps);
  registerBackupRoutes(app, { backups: deps.backups, unmanagedReason: deps.backupsUnmanagedReason });
  registerImportRoutes(app, deps);
  registerExportRoutes(app, deps);

  const serveWeb = !!deps.webRoot && existsSync(join(deps.webRoot, "index.html"));
  // @fastify/static refuses a relative root (WEB_ROOT=dist/web): resolved against the working directory.
  if (serveWeb)
    await app.register(fastifyStatic, { root: resolve(deps.webRoot!), wildcard: false, index: ["index.html"], preCompressed: true });
  // Client routes (/stock/item-group/5/edit) get the app shell; API, media and file misses stay JSON 404s.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0];
    // SPEC spells the users screen /setting.user: a dot, yet no file.
    const looksLikeFile = /\.[a-z0-9]+$/i.test(path) && !path.startsWith("/setting.user");
    const isClientRoute = request.method === "GET" && !path.startsWith("/api/") && !path.startsWith("/media/") && !looksLikeFile;
    if (serveWeb && isClientRoute) return reply.type("text/html").header("cache-control", "no-cache").sendFile("index.html");
    return reply.status(404).send({ message: "Not found." });
  });
  return app;
}
