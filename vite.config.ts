import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { chunkModulesReport } from "./scripts/first-load-javascript.ts";

/**
 * Every page loads the client entry, the root route and all they import (React DOM, React, React
 * Router, the shop's header and footer), so one file is enough for all of it. Left to itself,
 * Rolldown cuts these modules into a file per set of routes sharing them: ~30 files, most of a few
 * hundred bytes, each compressed on its own. One file saves ~9 KB gzip on every page and adds nothing
 * to any; the price is that a change to the header or footer also changes the file holding React.
 *
 * The walk skips lucide's index, which imports every icon: the shell imports its icons one by one
 * (`lucide-react/icons/…`), and an icon imported through the index stays in a file of its own.
 */
/**
 * Modules that the same storefront pages load together, each set in one file. Rolldown groups modules
 * by every entry that imports them, admin pages and lazily loaded code included, so a difference that
 * only concerns those split them into files of a few hundred bytes that the storefront pages always
 * download together. One file each takes ~100 B gzip off every page that loads them, and puts nothing
 * in a page that it did not load before, except where noted.
 */
const storefrontGroups = [
  // The ten storefront pages that show product pictures load both; the admin's images page, which
  // uses only the URL helpers, now loads the component too.
  {
    name: "responsive-image",
    test: (id: string) =>
      /\/app\/(components\/ui\/responsive-image\.tsx|modules\/files\/responsive-images\.ts)$/.test(id),
  },
  // What /cart and /checkout both show of a cart. /checkout-success needs only the amounts and the
  // lines: it also loads the line texts and the empty cart it does not show (+0.2 KB on a page far
  // within budget), for 0.36 KB less on /cart and /checkout.
  {
    name: "purchase",
    test: (id: string) =>
      /\/app\/(modules\/cart\/(cart-lines|line-rules|pricing)\.ts|components\/shop\/empty-cart\.tsx|components\/orders\/amount-rows\.tsx)$/.test(
        id,
      ),
  },
  // The two ways to get an order, shown together on the home page, /shipping and /checkout; the
  // product page, which shows only the truck, loads the shop icon too (+0.3 KB, far within budget).
  {
    name: "delivery-icons",
    test: (id: string) => /\/lucide-react\/dist\/esm\/icons\/(truck|store)\.mjs$/.test(id),
  },
];

function shellChunk(): Plugin {
  const shellModules = new Set<string>();
  return {
    name: "vetrina-shell-chunk",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      const queue = [...this.getModuleIds()].filter((id) => /\/app\/root\.tsx(\?|$)|\/entry\.client\.tsx$/.test(id));
      for (const id of queue) {
        if (/\/node_modules\/lucide-react\/dist\/esm\/lucide-react\.mjs$/.test(id)) continue;
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) {
          if (shellModules.has(imported)) continue;
          shellModules.add(imported);
          queue.push(imported);
        }
      }
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            // With the meta tags' helper, which 22 of the 32 storefront pages use, and the date
            // formats, which the home page, the checkout and the account pages use: a file of its own
            // on each of them cost more than their few hundred bytes on the others.
            {
              name: "shell",
              test: (id) => shellModules.has(id) || /\/app\/modules\/(seo\/meta|format\/dates)\.ts$/.test(id),
              priority: 2,
            },
            ...storefrontGroups.map((group) => ({ ...group, priority: 1 })),
          ],
        },
      };
    },
  };
}

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    shellChunk(),
    chunkModulesReport(fileURLToPath(new URL(".", import.meta.url))),
  ],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
});
