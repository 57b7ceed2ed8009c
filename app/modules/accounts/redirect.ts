const thisSite = "http://shop.invalid";

/**
 * Where to go after logging in: a path of this site only, never another site. Browsers drop tabs
 * and line breaks from a URL and read "\" as "/", so "/\t/evil.example" or "/\\evil.example" would
 * land on another site: any control character or backslash sends to `fallback` instead, as does
 * anything that does not resolve to this site.
 */
export function safeRedirectPath(target: string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  const resolved = new URL(target, thisSite);
  if (resolved.origin !== thisSite) return fallback;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
