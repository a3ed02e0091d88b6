import { MESSAGES } from "../../../core/messages";
import type { FastifyInstance } from "fastify";
import { changePasswordSchema, loginSchema, profileSchema } from "../../../core/validation/auth-schemas";
import type { Db } from "../../db/client";
import { authOf } from "../../http/access";
import { validateBody } from "../../http/resource";
import * as service from "./auth.service";
import { deviceCookieHeader, readDeviceCookie } from "./login-throttle";

const signedIn = { access: { permissions: [] } } as const;

export function registerAuthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.post("/api/login/", { config: { access: { public: true }, body: loginSchema } }, async (request, reply) => {
    const body = await validateBody(loginSchema, request.body);
    const attempt = { username: body.username, ip: request.ip, deviceCookie: readDeviceCookie(request.headers.cookie) };
    const result = await service.login(db, attempt, body.password, request.headers["user-agent"] ?? "");
    if (result.deviceCookie) reply.header("set-cookie", deviceCookieHeader(result.deviceCookie, request.protocol === "https"));
    return { token: result.token };
  });

  app.post("/api/logout/", { config: { ...signedIn, body: null } }, async (request) => {
    await service.logout(db, authOf(request));
    return { message: MESSAGES.loggedOut };
  });

  app.get("/api/user/me/", { config: signedIn }, async (request) => service.me(db, authOf(request)));

  app.put("/api/user/me/", { config: { ...signedIn, body: profileSchema } }, async (request) => {
    const body = await validateBody(profileSchema, request.body);
    return service.updateProfile(db, authOf(request), body);
  });

  app.get("/api/user/auth-permissions/", { config: signedIn }, async (request) => authOf(request).permissions);

  app.post("/api/user/change-password/", { config: { ...signedIn, body: changePasswordSchema } }, async (request) => {
    const body = await validateBody(changePasswordSchema, request.body);
    return service.changePassword(db, authOf(request), body.old_password, body.new_password);
  });
}
