import { type Cookie, createCookie } from "react-router";
import { config } from "~/config.server";
import { confirmationLinkHours, resetLinkMinutes } from "./emails";

// The token of an e-mailed link is moved into a cookie as soon as the link is opened, and the page
// continues on a clean URL: the token never stays in the address bar, the history, a Referer or
// page analytics. The page then acts on it only when the visitor presses its button (a POST), so
// a mail scanner that opens links by itself changes nothing.

function linkTokenCookie(name: string, maxAgeSeconds: number) {
  return createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: maxAgeSeconds,
    secure: config().env === "production",
  });
}

export const confirmationTokenCookie = () => linkTokenCookie("vetrina.confirm_token", confirmationLinkHours * 3600);
export const resetTokenCookie = () => linkTokenCookie("vetrina.reset_token", resetLinkMinutes * 60);

// Reset tokens are random letters and digits, confirmation tokens signed JWTs (base64url and dots).
// These cookies are not signed, so a visitor may put anything in them: anything else is no token.
const linkTokenPattern = /^[\w.-]{1,1024}$/;

/** The token the link left in `cookie`, or null when there is none or it cannot be one. */
export async function readLinkToken(cookie: Cookie, request: Request): Promise<string | null> {
  const token: unknown = await cookie.parse(request.headers.get("Cookie"));
  return typeof token === "string" && linkTokenPattern.test(token) ? token : null;
}
