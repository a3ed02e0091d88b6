import type { FastifyInstance, FastifyRequest } from "fastify";
import { MESSAGES } from "../../core/messages";
import { authOf } from "../http/access";
import { badRequest, forbidden, HttpError } from "../http/errors";
import { checkBackup } from "./backup-check";
import type { BackupManifest } from "./backup-manifest";
import { backupStatus, pruneBackups, type BackupContext } from "./backup-service";
import { BackupBusy, takeBaseBackup } from "./base-backup";

export interface BackupRouteDeps {
  /** The embedded default's backups; undefined when the database is another server's (or its archiving is the administrator's). */
  backups?: BackupContext;
  /** Why there are none: "external", "archiving_off", "own_archive_command". */
  unmanagedReason?: string | null;
}

/** Backups are the whole business, paths on the server included: for a superuser only. */
function requireSuperuser(request: FastifyRequest) {
  if (!authOf(request).isSuperuser) throw forbidden();
}

/** A backup as the API answers it (the contract's file, created_at, size, verified, and what the check found). */
const view = (m: BackupManifest) => ({
  name: m.name,
  file: m.file,
  created_at: m.created_at,
  finished_at: m.finished_at,
  size: m.size,
  verified: m.verified,
  checked_at: m.checked_at,
  check_error: m.check_error,
  kind: m.kind,
  counts: m.restored_counts ?? m.counts_after,
});

/**
 * `GET backup/` the base backups, newest first; `GET backup/status/` what the settings screen and the
 * dashboard show (the last backup, how far back a restore can go, the warning); `POST backup/` takes
 * one now and answers it once written, its check running after.
 */
export function registerBackupRoutes(app: FastifyInstance, deps: BackupRouteDeps) {
  const { backups } = deps;
  const signedIn = { access: { permissions: [] } } as const;

  app.get("/api/backup/", { config: signedIn }, async (request) => {
    requireSuperuser(request);
    if (!backups) return [];
    return (await backupStatus(backups.paths)).backups.map(view);
  });

  app.get("/api/backup/status/", { config: signedIn }, async (request) => {
    requireSuperuser(request);
    if (!backups)
      return {
        managed: false,
        reason: deps.unmanagedReason ?? "external",
        last: null,
        restorable_from: null,
        restorable_until: null,
        warning: null,
      };
    const status = await backupStatus(backups.paths);
    return {
      managed: true,
      reason: null,
      backup_dir: backups.paths.root,
      last: status.last ? view(status.last) : null,
      restorable_from: status.restorable_from,
      restorable_until: status.restorable_until,
      warning: status.warning,
      count: status.backups.length,
    };
  });

  app.post("/api/backup/", { config: { ...signedIn, body: null } }, async (request, reply) => {
    requireSuperuser(request);
    if (!backups) throw badRequest(MESSAGES.backupsNotManaged);
    let taken: BackupManifest;
    try {
      taken = await takeBaseBackup(backups.url, backups.clusterDir, backups.paths, "manual");
    } catch (error) {
      if (error instanceof BackupBusy) throw new HttpError(409, { message: MESSAGES.backupRunning });
      throw error;
    }
    // The check restores and starts a copy: it may take a while, and its outcome lands in the manifest.
    void checkBackup(taken, backups.paths, backups.log)
      .then(() => pruneBackups(backups.paths, backups.log))
      .catch((error: unknown) => backups.log(`backup ${taken.name}: ${error instanceof Error ? error.message : String(error)}`));
    return reply.status(201).send(view(taken));
  });
}
