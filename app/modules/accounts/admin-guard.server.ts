import { createContext, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { adminActions } from "~/db/schema";
import { logger } from "~/logger.server";
import { services } from "~/services.server";
import type { CurrentUser } from "./current-user";
import { requireAdmin } from "./session.server";

// The one door of the admin area. The /admin layout route runs `adminGuard` before any admin loader
// or action (page loads, `.data` requests for a single child route, form posts alike), and it is
// the only place that sets `adminContext`. Admin loaders and actions take their admin from
// `currentAdmin`, which fails closed: a route ever reached without the guard sends the visitor home.

const adminContext = createContext<CurrentUser | null>(null);

const changesSomething = (method: string) => method !== "GET" && method !== "HEAD";

export const adminGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const admin = await requireAdmin(request);
  context.set(adminContext, admin);
  if (!changesSomething(request.method)) return next();

  // Read before the action consumes the body; forms are small (the server bounds them).
  const intent = await intentOf(request.clone());
  const response = await next();
  await recordAdminAction(context, request, admin, intent, response.status);
  return response;
};

/** The admin the guard let in; outside the admin area's guard, a redirect home. */
export function currentAdmin(context: Readonly<RouterContextProvider>): CurrentUser {
  const admin = context.get(adminContext);
  if (!admin) throw redirect("/");
  return admin;
}

/** "staff:<user id>", how order history and activity name an admin. */
export function staffActor(admin: Pick<CurrentUser, "id">): string {
  return `staff:${admin.id}`;
}

async function intentOf(request: Request): Promise<string | null> {
  if (!request.headers.get("content-type")?.startsWith("application/x-www-form-urlencoded")) return null;
  try {
    // Control characters (a NUL above all) have no place in an intent, nor in a text column.
    return (
      new URLSearchParams(await request.text())
        .get("intent")
        ?.replace(/\p{Cc}/gu, "")
        .slice(0, 60) ?? null
    );
  } catch {
    return null;
  }
}

async function recordAdminAction(
  context: Readonly<RouterContextProvider>,
  request: Request,
  admin: CurrentUser,
  intent: string | null,
  status: number,
): Promise<void> {
  const entry = {
    userId: admin.id,
    userEmail: admin.email,
    method: request.method,
    path: new URL(request.url).pathname.replace(/\.data$/, "").slice(0, 300),
    intent,
    status,
    ip: request.headers.get("x-client-ip"),
  };
  // The admin's e-mail and IP are kept in the audit table only: the log names the admin by id.
  const { userEmail: _email, ip: _ip, ...loggable } = entry;
  logger.info({ event: "admin_action", ...loggable }, "admin action");
  try {
    await services(context).db.insert(adminActions).values(entry);
  } catch (error) {
    // The action has happened: a failed audit row must not turn its answer into an error.
    logger.error({ err: error, event: "admin_action_not_recorded", ...loggable }, "admin action not recorded");
  }
}
