import { defineConfig, devices } from "@playwright/test";

import { appPort, baseURL, databasePort, sinkHttpPort, sinkHttpUrl, sinkSmtpPort } from "./tests/e2e/support/ports";

const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/${appPort}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    locale: "it-IT",
    timezoneId: "Europe/Rome",
    trace: "retain-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  // The built app on a fresh embedded PostgreSQL, seeded with the demo data on start.
  webServer: [
    {
      command: "tsx tests/support/smtp-sink-server.ts",
      url: `${sinkHttpUrl}/health`,
      reuseExistingServer: false,
      env: { SINK_SMTP_PORT: String(sinkSmtpPort), SINK_HTTP_PORT: String(sinkHttpPort) },
    },
    {
      command: `rm -rf .e2e-data/${appPort} && node --import tsx server/index.ts`,
      url: `${baseURL}/chi-siamo`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(appPort),
        DATA_DIR: `.e2e-data/${appPort}`,
        EMBEDDED_PG_PORT: String(databasePort),
        SMTP_URL: `smtp://127.0.0.1:${sinkSmtpPort}`,
        DATABASE_URL: "",
        // The sandbox takes the journeys' payments; every page then says the shop is a test shop.
        PAYMENTS: "sandbox",
        GA_MEASUREMENT_ID: "G-TEST123",
        CLARITY_PROJECT_ID: "testclarity",
        LOG_LEVEL: "warn",
      },
    },
  ],
});
