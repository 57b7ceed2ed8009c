// `npm start` builds the app only when what the build reads changed since the build it last made: a
// restart on an unchanged checkout skips the 15–40 s of `react-router build`; a fresh clone, or a
// changed source, builds as before. Run by Node itself (its type stripping), not tsx: it starts in a
// tenth of the time.

import { execFileSync } from "node:child_process";
import { createHash, type Hash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

// Everything `react-router build` reads besides node_modules (whose versions the lock file pins):
// the app, the build's configuration, and the script vite.config.ts imports.
const buildInputs = [
  "app",
  "package.json",
  "package-lock.json",
  "react-router.config.ts",
  "scripts/first-load-javascript.ts",
  "tsconfig.json",
  "vite.config.ts",
];

/** A hash of the path and content of every file among the build's inputs. */
function sourcesHash(): string {
  const hash = createHash("sha256");
  for (const input of buildInputs) addToHash(hash, input);
  return hash.digest("hex");
}

function addToHash(hash: Hash, relative: string): void {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return;
  if (!statSync(absolute).isDirectory()) {
    hash.update(`${relative}\0`).update(readFileSync(absolute)).update("\0");
    return;
  }
  const files = readdirSync(absolute, { recursive: true, encoding: "utf8" }).sort();
  for (const file of files) {
    const child = path.join(relative, file);
    if (!statSync(path.join(root, child)).isDirectory()) addToHash(hash, child);
  }
}

const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const serverEntry = path.join(buildDir, "server", "index.js");
// The sources' hash and the time the server entry was written: a build made some other way since
// (`npm run build`, the tests' builds) rewrote the entry, and the next start builds again rather
// than trust a build of sources it does not know.
const stamp = path.join(buildDir, "sources.stamp");
const stampOf = (hash: string) => `${hash} ${statSync(serverEntry).mtimeMs}\n`;
const hash = sourcesHash();
if (existsSync(serverEntry) && existsSync(stamp) && readFileSync(stamp, "utf8") === stampOf(hash)) {
  console.log("The build is up to date with the sources: not building again.");
} else {
  execFileSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], {
    cwd: root,
    stdio: "inherit",
  });
  writeFileSync(stamp, stampOf(hash));
}
