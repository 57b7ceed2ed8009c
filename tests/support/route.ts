// Calling a route's loader or action directly, as React Router would, and reading its answer.
import { adminGuard } from "../../app/modules/accounts/admin-guard.server";
import { requestContext, type Services } from "../../app/services.server";

/** What a loader or action gave back: a plain value, data() with its status and headers, or a Response (a redirect). */
export type RouteAnswer<T> = { status: number; data: T; headers: Headers };

/** Runs `handler` on `request` with `context` (the request's services); a thrown redirect or data() counts as the answer. */
export async function callRoute<T = Record<string, unknown>>(
  handler: (args: never) => unknown,
  request: Request,
  context: unknown = {},
  params: Record<string, string> = {},
): Promise<RouteAnswer<T>> {
  let result: unknown;
  try {
    result = await handler({ request, url: new URL(request.url), params, context } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, data: {} as T, headers: result.headers };
  if (result && typeof result === "object" && "data" in result && "init" in result) {
    const { data, init } = result as { data: T; init?: ResponseInit | null };
    return { status: init?.status ?? 200, data, headers: new Headers(init?.headers) };
  }
  return { status: 200, data: result as T, headers: new Headers() };
}

/** A form POST as the browser sends it, from `ip` (as server/http.ts records it), with the cookie when given. */
export function formPost(url: string, fields: Record<string, string>, { ip, cookie }: { ip: string; cookie?: string }) {
  return new Request(url, {
    method: "POST",
    headers: {
      "x-client-ip": ip,
      "content-type": "application/x-www-form-urlencoded",
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

/**
 * Runs an admin route's `handler` behind the admin area's guard (the /admin layout's middleware), as
 * React Router does, in a fresh request context carrying `services`.
 */
export async function callAdminRoute<T = Record<string, unknown>>(
  handler: (args: never) => unknown,
  request: Request,
  services: Services,
  params: Record<string, string> = {},
): Promise<RouteAnswer<T>> {
  const context = requestContext(services);
  let answer: RouteAnswer<T> | undefined;
  try {
    await adminGuard({ request, context, params, url: new URL(request.url) } as never, async () => {
      answer = await callRoute<T>(handler, request, context, params);
      return new Response(null, { status: answer.status });
    });
  } catch (thrown) {
    return callRoute<T>(() => {
      throw thrown;
    }, request);
  }
  if (!answer) throw new Error("The guard neither answered nor let the request through");
  return answer;
}

/** A request context the admin area's guard has let `request` through (it throws the guard's redirect otherwise). */
export async function adminContextFor(request: Request, services: Services) {
  const context = requestContext(services);
  await adminGuard(
    { request, context, params: {}, url: new URL(request.url) } as never,
    async () => new Response(null),
  );
  return context;
}
