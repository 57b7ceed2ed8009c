import pino from "pino";

// JSON lines on stdout; secrets never reach it (see redact).
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info"),
  base: { service: "vetrina" },
  redact: {
    paths: ["password", "*.password", "token", "*.token", "headers.cookie", "headers.authorization"],
    censor: "[redacted]",
  },
});
