// The shop's routes as app/routes.ts declares them, and what their modules import: which routes read
// a visitor's session is found from the code itself, so a new route is checked without a list to keep.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";

const appDir = path.resolve("app");
const sessionReader = path.join(appDir, "modules/accounts/session.server.ts");

/** One route: its full path pattern, its module and those of the layouts around it. */
export type ShopRoute = { path: string; file: string; layouts: string[] };

/** Every route of app/routes.ts, layouts' children included (a layout with an index counts as its path). */
export function everyRoute(): ShopRoute[] {
  const walk = (entries: RouteConfigEntry[], parentPath: string, layouts: string[]): ShopRoute[] =>
    entries.flatMap((entry) => {
      const fullPath = entry.index ? parentPath : [parentPath, entry.path].filter(Boolean).join("/");
      const own = entry.children ? [] : [{ path: `/${fullPath}`, file: entry.file, layouts }];
      return [...own, ...walk(entry.children ?? [], fullPath, [...layouts, entry.file])];
    });
  return walk(routes, "", []);
}

/** Whether a route module renders a page (a default export), which the root route's loader wraps. */
export function isPage(file: string): boolean {
  return /^export default /m.test(readFileSync(path.join(appDir, file), "utf8"));
}

/**
 * Whether a request to `route` can read the visitor's session: its module, a layout around it or, for
 * a page, the root route imports (directly or through other modules) the session reader.
 */
export function readsSession(route: ShopRoute): boolean {
  const modules = [route.file, ...route.layouts, ...(isPage(route.file) ? ["root.tsx"] : [])];
  return modules.some((file) => importsOf(path.join(appDir, file)).has(sessionReader));
}

const importPattern = /(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[^"';]*?\s+from\s+)?["']([^"']+)["']/g;
const dynamicImportPattern = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** Every module of app/ that `file` runs when loaded (type-only imports aside), itself included. */
function importsOf(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, "utf8");
  for (const pattern of [importPattern, dynamicImportPattern]) {
    for (const [, specifier] of source.matchAll(pattern)) {
      const resolved = specifier && resolveModule(specifier, path.dirname(file));
      if (resolved) importsOf(resolved, seen);
    }
  }
  return seen;
}

function resolveModule(specifier: string, fromDir: string): string | null {
  const base = specifier.startsWith("~/")
    ? path.join(appDir, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(fromDir, specifier)
      : null;
  if (!base) return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
  return candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate)) ?? null;
}
