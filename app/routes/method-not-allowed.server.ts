// A resource route answers the method it does not take itself: React Router's own answer would be
// an English error. The server lets only GET, HEAD and POST through (server/request-guards.ts).

/** 405 for a GET of an endpoint that only takes POST, or a POST to one that only serves GET. */
export function methodNotAllowed(allowed: "GET" | "POST"): Response {
  return new Response("Metodo non consentito.", {
    status: 405,
    headers: { Allow: allowed === "GET" ? "GET, HEAD" : "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}
