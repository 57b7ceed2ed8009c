// What a first visit to each page of the built app downloads in JavaScript, read from React Router's
// build manifest, and which source modules each of those files holds (the chunk report written by
// chunkModulesReport in vite.config.ts). Used by `npm run bench:catalogue` and tests/e2e/bundles.spec.ts.
import fs from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";

type ManifestEntry = { module: string; imports?: string[] };
type RouteEntry = ManifestEntry & { id: string; parentId?: string; hasDefaultExport: boolean };

export type PageFirstLoad = {
  routeId: string;
  /** The route or one of its parents is under routes/admin. */
  admin: boolean;
  /** Asset URLs (/assets/…) the browser loads before the page is interactive. */
  files: string[];
  /** Their sizes added up, each gzipped at level 9. */
  gzipBytes: number;
};

const chunkReportFile = ".vite/chunk-modules.json";

/**
 * Every page (route with a component) of the build: the client entry and every route module from the
 * root down to the page, each with its static imports. The route manifest file is not among them: with
 * lazy route discovery (React Router's default) the server writes the matched routes' part of it into
 * the HTML, and the browser fetches the rest only on navigation.
 */
export async function firstLoadOfPages(buildDir: string): Promise<PageFirstLoad[]> {
  const assetsDir = path.join(buildDir, "client/assets");
  const manifestFile = (await fs.readdir(assetsDir)).find((file) => /^manifest-.*\.js$/.test(file));
  if (!manifestFile) throw new Error(`No React Router manifest in ${assetsDir}`);
  const source = await fs.readFile(path.join(assetsDir, manifestFile), "utf8");
  const manifest = JSON.parse(source.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, "")) as {
    entry: ManifestEntry;
    routes: Record<string, RouteEntry>;
  };
  const sizes = new Map<string, number>();
  const gzipSize = async (url: string) => {
    let size = sizes.get(url);
    if (size === undefined) {
      size = gzipSync(await fs.readFile(path.join(buildDir, "client", url)), { level: 9 }).length;
      sizes.set(url, size);
    }
    return size;
  };
  const chainOf = (route: RouteEntry): RouteEntry[] => {
    const parent = route.parentId ? manifest.routes[route.parentId] : undefined;
    return parent ? [...chainOf(parent), route] : [route];
  };
  const pages: PageFirstLoad[] = [];
  for (const route of Object.values(manifest.routes)) {
    // Resource routes (sitemap, endpoints) load no JavaScript.
    if (route.id === "root" || !route.hasDefaultExport) continue;
    const chain = chainOf(route);
    const files = [...new Set([manifest.entry, ...chain].flatMap((entry) => [entry.module, ...(entry.imports ?? [])]))];
    const gzipBytes = (await Promise.all(files.map(gzipSize))).reduce((sum, size) => sum + size, 0);
    pages.push({
      routeId: route.id,
      admin: chain.some((entry) => entry.id.startsWith("routes/admin")),
      files,
      gzipBytes,
    });
  }
  return pages;
}

/** A client file: the source modules bundled into it (paths relative to the project), and the files it imports. */
export type ClientFile = { modules: string[]; imports: string[]; dynamicImports: string[] };

/** Every JavaScript file of the client build, by asset URL (/assets/…). */
export async function clientFiles(buildDir: string): Promise<Map<string, ClientFile>> {
  const report = JSON.parse(await fs.readFile(path.join(buildDir, "client", chunkReportFile), "utf8")) as Record<
    string,
    ClientFile
  >;
  const url = (file: string) => `/${file}`;
  return new Map(
    Object.entries(report).map(([file, entry]) => [
      url(file),
      { modules: entry.modules, imports: entry.imports.map(url), dynamicImports: entry.dynamicImports.map(url) },
    ]),
  );
}

/**
 * A Vite plugin writing, beside the client build, which source modules went into which file, so a
 * test can prove where code ended up (e.g. no admin code in a storefront page). Express never serves it:
 * static files skip dot-folders.
 */
export function chunkModulesReport(root: string): Plugin {
  return {
    name: "vetrina-chunk-modules-report",
    apply: "build",
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const report: Record<string, ClientFile> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        const modules = Object.keys(output.modules).map((id) =>
          path.relative(root, id.replace(/^\0/, "").split("?")[0] ?? id),
        );
        report[output.fileName] = {
          modules: [...new Set(modules)].sort(),
          imports: output.imports,
          dynamicImports: output.dynamicImports,
        };
      }
      this.emitFile({ type: "asset", fileName: chunkReportFile, source: JSON.stringify(report, null, 1) });
    },
  };
}
