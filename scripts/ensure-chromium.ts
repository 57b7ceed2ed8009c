import { ensureDebianPackage } from "./system-package";

// Playwright drives the system Chromium (Debian's package); it never downloads a browser of its own.
ensureDebianPackage({
  name: "Chromium",
  binary: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  debianPackage: "chromium",
  elsewhere: "set CHROMIUM_PATH to a Chromium binary",
});
