const thisSite = "http://shop.invalid";

/**
 * Where to go after logging in: a path of this site only, never another site. Browsers drop tabs
 * and line breaks from a URL and read "\" as "/", so "/\t/evil.example" or "/\\evil.example" would
 * land on another site: any control character or backslash sends to `fallback` instead. The path
 * given back is the normalised one ("/..//evil.example" becomes "//evil.example"), so that is the one
 * checked: it must still be a path of this site, never "//host" or "///host".
 */
export function safeRedirectPath(target: string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  const resolved = new URL(target, thisSite);
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  if (resolved.origin !== thisSite || !path.startsWith("/") || path.startsWith("//")) return fallback;
  return path;
}
