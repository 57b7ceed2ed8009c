import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

// Playwright drives the system Chromium (Debian's package); it never downloads a browser of its own.
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

if (!existsSync(chromium)) {
  if (process.getuid?.() === 0) {
    console.log(`No Chromium at ${chromium}: installing Debian's chromium package…`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
  } else {
    console.error(
      `No Chromium at ${chromium}. Install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.`,
    );
    process.exit(1);
  }
}
