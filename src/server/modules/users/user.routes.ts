import type { FastifyInstance, FastifyRequest } from "fastify";
import { groupSchema, resetPasswordSchema, userCreateSchema, userUpdateSchema } from "../../../core/validation/user-schemas";
import type { Db } from "../../db/client";
import { authOf } from "../../http/access";
import type { ListQuery } from "../../http/list-engine";
import { registerListExport, registerListOptionsRoute, registerListRoutes } from "../../http/list-routes";
import { parseId } from "../../http/resource";
import * as groups from "./group.service";
import * as users from "./user.service";

/** Reading users and roles needs view_user; managing them add_user or change_user. */
const VIEW = ["view_user", "add_user", "change_user"];
const ADD = ["add_user"];
const CHANGE = ["change_user"];
const signedIn = { access: { permissions: [] } } as const;

const idOf = (request: FastifyRequest) => parseId((request.params as { id: string }).id);
const bodyOf = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;
const queryOf = (request: FastifyRequest) => (request.query ?? {}) as ListQuery;

export function registerUserRoutes(app: FastifyInstance, { db, tokenIdleDays }: { db: Db; tokenIdleDays: number }) {
  app.get("/api/user/permissions/", { config: { access: { permissions: VIEW } } }, async () => users.permissionCatalog());

  // The signed-in user's own sessions (profile screen): no permission beyond being signed in.
  app.get("/api/user/sessions/", { config: signedIn }, async (request) => users.sessions(db, authOf(request), tokenIdleDays));
  app.post("/api/user/sessions/sign-out-others/", { config: { ...signedIn, body: null } }, async (request) =>
    users.signOutOthers(db, authOf(request)),
  );
  app.delete("/api/user/sessions/:id/", { config: signedIn }, async (request) => users.signOutSession(db, authOf(request), idOf(request)));

  registerListRoutes(app, db, "/api/user/group/", groups.groupListSpec, {
    view: VIEW,
    map: (rows, auth) => groups.withChangeRights(db, auth, rows),
  });
  app.get("/api/user/group/:id/", { config: { access: { permissions: VIEW } } }, async (request) =>
    groups.readGroupWithRights(db, idOf(request), authOf(request)),
  );
  app.post("/api/user/group/", { config: { access: { permissions: [...ADD, ...CHANGE] }, body: groupSchema } }, async (request, reply) => {
    const result = await groups.createGroup(db, authOf(request), bodyOf(request));
    return reply.status(result.status).send(result.body);
  });
  app.put("/api/user/group/:id/", { config: { access: { permissions: CHANGE }, body: groupSchema } }, async (request) =>
    groups.updateGroup(db, authOf(request), idOf(request), bodyOf(request), false),
  );
  app.patch("/api/user/group/:id/", { config: { access: { permissions: CHANGE }, body: groupSchema.partial() } }, async (request) =>
    groups.updateGroup(db, authOf(request), idOf(request), bodyOf(request), true),
  );
  app.delete("/api/user/group/:id/", { config: { access: { permissions: [...CHANGE, "delete_user"] } } }, async (request) =>
    groups.deleteGroup(db, authOf(request), idOf(request)),
  );

  const list = { access: { permissions: VIEW }, list: users.userListSpec };
  app.get("/api/user/", { config: list }, async (request) => users.listUsers(db, queryOf(request), authOf(request)));
  registerListExport(app, db, users.USER_BASE, users.userListSpec, {
    view: VIEW,
    read: (request) => ({ spec: users.visibleUsers(authOf(request)), query: queryOf(request) }),
  });
  app.get("/api/user/all/", { config: list }, async (request) => users.allUsers(db, queryOf(request), authOf(request)));
  registerListOptionsRoute(app, "/api/user/all/", VIEW, (request, query) => users.allUsers(db, query, authOf(request)));
  app.get("/api/user/:id/", { config: { access: { permissions: VIEW } } }, async (request) =>
    users.readUser(db, idOf(request), authOf(request)),
  );
  app.post("/api/user/", { config: { access: { permissions: ADD }, body: userCreateSchema } }, async (request, reply) => {
    const result = await users.createUser(db, authOf(request), bodyOf(request));
    return reply.status(result.status).send(result.body);
  });
  app.put("/api/user/:id/", { config: { access: { permissions: CHANGE }, body: userUpdateSchema } }, async (request) =>
    users.updateUser(db, authOf(request), idOf(request), bodyOf(request), false),
  );
  app.patch("/api/user/:id/", { config: { access: { permissions: CHANGE }, body: userUpdateSchema.partial() } }, async (request) =>
    users.updateUser(db, authOf(request), idOf(request), bodyOf(request), true),
  );
  app.post("/api/user/:id/reset-password/", { config: { access: { permissions: CHANGE }, body: resetPasswordSchema } }, async (request) =>
    users.resetPassword(db, authOf(request), idOf(request), request.body),
  );
}
