import { useRouteLoaderData } from "react-router";
import type { CurrentUser } from "~/modules/accounts/current-user";

/** The signed-in user, as the root loader found it; null for a guest. */
export function useCurrentUser(): CurrentUser | null {
  return useRouteLoaderData<{ user: CurrentUser | null }>("root")?.user ?? null;
}
