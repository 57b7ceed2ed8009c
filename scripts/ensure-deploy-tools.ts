import { ensureDebianPackage } from "./system-package";

// The deployment test (tests/resilience/deploy.test.ts) runs the shipped Caddyfile in Debian's Caddy
// and checks the shipped systemd unit with systemd-analyze.
ensureDebianPackage({
  name: "Caddy",
  binary: process.env.CADDY_PATH ?? "/usr/bin/caddy",
  debianPackage: "caddy",
  elsewhere: "set CADDY_PATH to a Caddy 2 binary",
});
ensureDebianPackage({
  name: "systemd-analyze",
  binary: "/usr/bin/systemd-analyze",
  debianPackage: "systemd",
  elsewhere: "run the tests on a machine with systemd",
});
