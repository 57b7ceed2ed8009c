import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { db } from "~/db/client.server";
import { userProfiles } from "~/db/schema";
import { auth } from "./auth.server";
import type { CurrentUser } from "./current-user";
import { splitFullName } from "./names";

// The root loader and a page's loader both ask for the user of the same request: look it up once.
const usersOfRequests = new WeakMap<Request, Promise<CurrentUser | null>>();

/** The user of the request's session cookie, or null for a guest (or an expired or ended session). */
export function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  let user = usersOfRequests.get(request);
  if (!user) {
    user = lookUpUser(request);
    usersOfRequests.set(request, user);
  }
  return user;
}

async function lookUpUser(request: Request): Promise<CurrentUser | null> {
  if (!request.headers.get("cookie")) return null;
  const session = await auth().api.getSession({ headers: request.headers });
  if (!session) return null;
  const [profile] = await db()
    .select({ role: userProfiles.role, firstName: userProfiles.firstName })
    .from(userProfiles)
    .where(eq(userProfiles.id, session.user.id));
  return {
    id: session.user.id,
    email: session.user.email,
    firstName: profile?.firstName || splitFullName(session.user.name).firstName,
    role: profile?.role ?? "customer",
  };
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

/** Anyone but an admin is sent to the home page. */
export async function requireAdmin(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (user?.role !== "admin") throw redirect("/");
  return user;
}
