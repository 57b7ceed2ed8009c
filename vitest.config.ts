import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
            "server/**/*.test.ts",
            "scripts/**/*.test.ts",
            "tests/architecture/**/*.test.ts",
          ],
          exclude: ["**/*.integration.test.ts", "node_modules/**", "tests/resilience/**"],
          environment: "node",
          // Files share their worker's loaded modules rather than each starting a process and loading
          // them again: that was two thirds of the suite's CPU time. Vitest still restores mocks
          // between files; a file that mocks a module its code under test imports reloads it.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["**/*.integration.test.ts"],
          exclude: ["node_modules/**", "tests/resilience/**"],
          globalSetup: ["tests/integration/global-setup.ts"],
          environment: "node",
          // One database for the run: files take turns so their data never interleaves.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "resilience",
          // The built app as separate processes on a PostgreSQL the tests own, stop and restart.
          include: ["tests/resilience/**/*.test.ts"],
          environment: "node",
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
