import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { db } from "~/db/client.server";
import { sessions, userProfiles } from "~/db/schema";
import { logger } from "~/logger.server";
import { markAnswerPersonal } from "~/modules/security/personal-answers.server";
import { auth } from "./auth.server";
import type { CurrentUser } from "./current-user";
import { splitFullName } from "./names";
import { adminIdleMinutes, secondStepPath } from "./second-factor";

/**
 * The visitor of a request. An admin's session may be on hold: `idle` once it went adminIdleMinutes
 * without a request (it opens nothing any more); `setup` while the admin has no second factor yet,
 * when it gives a customer's rights only.
 */
type Visitor = { user: CurrentUser | null; admin?: "idle" | "setup" };

// The root loader and a page's loader both ask for the visitor of the same request: look it up once.
const visitorsOfRequests = new WeakMap<Request, Promise<Visitor>>();

function visitorOf(request: Request): Promise<Visitor> {
  let visitor = visitorsOfRequests.get(request);
  if (!visitor) {
    visitor = lookUpVisitor(request);
    visitorsOfRequests.set(request, visitor);
  }
  return visitor;
}

async function lookUpVisitor(request: Request): Promise<Visitor> {
  if (!request.headers.get("cookie")) return { user: null };
  const found = await auth().api.getSession({ headers: request.headers });
  if (!found) return { user: null };
  // Whatever the page, it now shows who is signed in (the header names them), if nothing more.
  markAnswerPersonal();
  const { session, user } = found;
  const [profile] = await db()
    .select({ role: userProfiles.role, firstName: userProfiles.firstName })
    .from(userProfiles)
    .where(eq(userProfiles.id, user.id));
  const visitor: CurrentUser = {
    id: user.id,
    email: user.email,
    firstName: profile?.firstName || splitFullName(user.name).firstName,
    role: profile?.role ?? "customer",
  };
  if (visitor.role !== "admin") return { user: visitor };

  // An admin's session lasts while it is used: updated_at is its last request. Once idle too long it
  // is refused for good, but kept (until the next login replaces it, or it expires), so that every
  // admin page it still asks for, not only the first, says why and leads to the login.
  const now = new Date();
  if (now.getTime() - session.updatedAt.getTime() > adminIdleMinutes * 60_000) {
    logger.info({ event: "admin_session_idle", userId: user.id }, "auth event");
    return { user: null, admin: "idle" };
  }
  await db().update(sessions).set({ updatedAt: now }).where(eq(sessions.id, session.id));
  // With the second factor set up, an admin's every session passed it: the login asks for it, and
  // sessions opened before the set-up ended with it (two-factor.server.ts).
  if (!user.twoFactorEnabled) return { user: { ...visitor, role: "customer" }, admin: "setup" };
  return { user: visitor };
}

/**
 * The user of the request's session cookie, or null for a guest (or an expired or ended session).
 * An admin without a second factor yet counts as a customer.
 */
export async function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  return (await visitorOf(request)).user;
}

/** The signed-in admin who must still set up the second factor, or null. */
export async function getAdminWithoutSecondFactor(request: Request): Promise<CurrentUser | null> {
  const visitor = await visitorOf(request);
  return visitor.admin === "setup" ? visitor.user : null;
}

/**
 * A guest is sent to /auth, which brings them back to `url` after logging in. `url` is the loader's
 * `url` argument: request.url of a data request ends in ".data" (React Router 8).
 */
export async function requireUser(request: Request, url: URL): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (user) return user;
  throw redirect(`/auth?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
}

/**
 * An admin whose session has passed the second factor. An admin idle too long logs in again, one
 * without a second factor sets it up first; anyone else is sent to the home page.
 */
export async function requireAdmin(request: Request): Promise<CurrentUser> {
  const { user, admin } = await visitorOf(request);
  if (admin === "idle")
    throw redirect(`/auth?${new URLSearchParams({ redirectTo: pageOf(request), sessione: "scaduta" })}`);
  if (admin === "setup") throw redirect(secondStepPath("setup", pageOf(request)));
  if (user?.role !== "admin") throw redirect("/");
  return user;
}

/** The page a request is for: a data request's URL ends in ".data" and may name the routes to load. */
function pageOf(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  return `${url.pathname.replace(/\.data$/, "")}${url.search}`;
}
