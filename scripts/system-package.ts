import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Makes sure the program at `binary` exists before the tests that need it: as root, by installing
 * Debian's `debianPackage`; otherwise the run stops and says how to install it.
 */
export function ensureDebianPackage({
  name,
  binary,
  debianPackage,
  elsewhere,
}: {
  /** The program as people call it: "Chromium". */
  name: string;
  binary: string;
  debianPackage: string;
  /** How to point the tests to another binary: "set CHROMIUM_PATH to a Chromium binary". */
  elsewhere: string;
}): void {
  if (existsSync(binary)) return;
  if (process.getuid?.() === 0) {
    console.log(`No ${name} at ${binary}: installing Debian's ${debianPackage} package…`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", debianPackage], { stdio: "inherit", env });
  } else {
    console.error(
      `No ${name} at ${binary}. Install it (Debian/Ubuntu: sudo apt-get install ${debianPackage}) or ${elsewhere}.`,
    );
    process.exit(1);
  }
}
