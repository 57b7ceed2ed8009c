import { createHash, randomBytes } from "node:crypto";
import { type Cookie, createCookie } from "react-router";
import { config } from "~/config.server";

// A guest's votes are tied to a long random id in an HttpOnly cookie, set on their first vote.
// It is a technical cookie (it only serves the vote the visitor asked for), so it needs no consent.
let cookie: Cookie | undefined;
function visitorCookie(): Cookie {
  cookie ??= createCookie("vetrina_visitor", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 60 * 60 * 24 * 365,
    secure: config().publicUrl.startsWith("https:"),
  });
  return cookie;
}

const visitorIdPattern = /^[A-Za-z0-9_-]{43}$/;

/** The visitor id in the request's Cookie header, or null when it has none (or a malformed one). */
export async function readVisitorId(cookieHeader: string | null): Promise<string | null> {
  const value: unknown = await visitorCookie().parse(cookieHeader);
  return typeof value === "string" && visitorIdPattern.test(value) ? value : null;
}

/** A fresh visitor id and the Set-Cookie header that gives it to the browser. */
export async function newVisitorId(): Promise<{ visitorId: string; setCookie: string }> {
  const visitorId = randomBytes(32).toString("base64url");
  return { visitorId, setCookie: await visitorCookie().serialize(visitorId) };
}

/**
 * Who is voting, as stored: a hash, so the table never holds a visitor's cookie value. A signed-in
 * user votes as themselves on every device; a guest as the random id in their browser's cookie.
 */
export function voterKey(voter: { userId: string } | { visitorId: string }): string {
  const identity = "userId" in voter ? `user:${voter.userId}` : `visitor:${voter.visitorId}`;
  return createHash("sha256").update(identity).digest("hex");
}
