import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import { shop } from "./modules/shop/identity";

// Every setting the shop reads from the environment, validated once at start-up.
const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  BUILD_DIR: z.string().default("build"),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(5433),
  DEMO_DATA: optionalText.pipe(z.enum(["on", "off"], "must be on or off").default("on")),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
  ),
  MAIL_FROM: optionalText,
  BETTER_AUTH_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  GA_MEASUREMENT_ID: optionalText,
  CLARITY_PROJECT_ID: optionalText,
  TRUST_PROXY: optionalText.pipe(
    z
      .string()
      .refine(
        isTrustProxyValue,
        "must be a number of proxy hops, or addresses (IP, IP/prefix, loopback…) separated by commas",
      )
      .optional(),
  ),
  PAYMENTS: optionalText.pipe(z.enum(["stripe", "sandbox"], "must be stripe or sandbox").optional()),
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key (sk_live_…, sk_test_… or a restricted rk_… key)")
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_\w+$/, "must be a Stripe webhook signing secret (whsec_…)")
      .optional(),
  ),
  STRIPE_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  GLS_SEDE: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9]{2}$/, "must be the 2-character code of your GLS depot (sede), e.g. MI")
      .optional(),
  ),
  GLS_CLIENT_CODE: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,6}$/, "must be your GLS client code (codice cliente): up to 6 digits")
      .optional(),
  ),
  GLS_PASSWORD: optionalText,
  GLS_CONTRACT_CODE: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,10}$/, "must be your GLS contract code (codice contratto): digits only")
      .optional(),
  ),
  GLS_URL: optionalText.pipe(z.url().default("https://labelservice.gls-italy.com/ilswebservice.asmx")),
  GLS_TRACKING_URL: optionalText.pipe(
    z
      .string()
      .regex(/^https?:\/\/\S*\{tracking\}/, "must be an http(s) address containing {tracking}")
      .default("https://www.gls-italy.com/it/servizi/servizi-per-chi-riceve/ricerca-spedizioni?match={tracking}"),
  ),
  GLS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(20_000),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(120).default(1),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
  JOBS_TICK_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  WEB_PROCESSES: z.coerce.number().int().min(1).max(64).optional(),
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        "must be a bucket name: 3 to 63 lower-case letters, digits, dots or dashes",
      )
      .optional(),
  ),
  S3_REGION: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9-]+$/, "must be a region such as eu-south-1 (or auto, for Cloudflare R2)")
      .default("eu-south-1"),
  ),
  S3_ENDPOINT: optionalText.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^\s/]+\/?$/, "must be the service's address, http(s)://host[:port], without a path")
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: optionalText.pipe(z.enum(["true", "false", "1", "0"], "must be true or false").default("false")),
});

const s3Settings = [
  "S3_REGION",
  "S3_ENDPOINT",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
] as const;

const glsCredentials = ["GLS_SEDE", "GLS_CLIENT_CODE", "GLS_PASSWORD", "GLS_CONTRACT_CODE"] as const;

const proxyKeywords = ["loopback", "linklocal", "uniquelocal"];

function isTrustProxyValue(value: string): boolean {
  if (/^\d+$/.test(value)) return true;
  return value.split(",").every((entry) => {
    const [address, prefix, ...rest] = entry.trim().split("/");
    if (rest.length > 0 || !address) return false;
    if (proxyKeywords.includes(address)) return prefix === undefined;
    return isIP(address) !== 0 && (prefix === undefined || /^\d{1,3}$/.test(prefix));
  });
}

/** Express's "trust proxy": false (no proxy), a hop count, or the proxies' addresses. */
function trustProxySetting(value: string | undefined): false | number | string[] {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(",").map((entry) => entry.trim());
}

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  /** Where `react-router build` wrote the app that production serves. */
  buildDir: string;
  databaseUrl: string | undefined;
  embeddedPgPort: number;
  /**
   * Whether the first start loads the demo shop (DEMO_DATA, on by default); off starts the shop
   * empty. Read on the first start only: later starts keep whatever it chose.
   */
  demoData: boolean;
  publicUrl: string;
  logLevel: string;
  /** SMTP server for outgoing e-mail; unset means e-mail is written to DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Signs session cookies and e-mail confirmation links. Unset outside production-over-HTTPS: the
   * app then keeps a generated one in DATA_DIR/auth-secret (see app-secret.server.ts).
   */
  authSecret: string | undefined;
  analytics: { gaMeasurementId?: string; clarityProjectId?: string };
  /**
   * Which proxies in front of the shop may tell the visitor's IP, protocol and host (X-Forwarded-*):
   * none by default, so a client can never choose its own IP.
   */
  trustProxy: false | number | string[];
  /**
   * Who takes the payments: Stripe Checkout, or the built-in sandbox, which takes none (a demo or
   * test shop, announced on every page). See `paymentsOf`.
   */
  payments: "stripe" | "sandbox";
  /** Stripe's keys, set exactly when Stripe takes the payments. */
  stripe:
    | {
        secretKey: string;
        webhookSecret: string;
        /** Another address for Stripe's API (stripe-mock, or the tests' fake Stripe); Stripe's own when unset. */
        api?: { host: string; port: number; protocol: "http" | "https" };
      }
    | undefined;
  /**
   * GLS Italy's label service ships the parcels when its four credentials are set; otherwise the
   * built-in sandbox courier does.
   */
  gls:
    | { sede: string; clientCode: string; password: string; contractCode: string; url: string; timeoutMs: number }
    | undefined;
  /**
   * Where customers follow a parcel, an address with `{tracking}` in place of the tracking code: the
   * default of the setting staff may change in 'Impostazioni'.
   */
  trackingUrl: string;
  /**
   * On SIGTERM, how long the instance keeps accepting connections while /readyz says 503, so a
   * proxy that checks it stops sending requests before the port closes.
   */
  shutdownDrainSeconds: number;
  /**
   * Then how long requests already accepted may take to finish before their connections are cut.
   * Drain and grace together must stay below the time your orchestrator waits before SIGKILL.
   */
  shutdownGraceSeconds: number;
  /** How often each instance looks for a due scheduled job (modules/jobs). */
  jobsTickSeconds: number;
  /** How many processes serve HTTP on the port (one per core by default); background jobs run beside them. */
  webProcesses: number;
  /**
   * The S3-compatible bucket that keeps the files (images, renditions, labels) when S3_BUCKET is set;
   * otherwise they live in DATA_DIR/files. No credentials: the SDK's own chain (environment, instance role).
   */
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
};

export class ConfigError extends Error {}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join(".") ?? "environment";
    throw new ConfigError(`Invalid environment variable ${name}: ${issue?.message ?? "invalid value"}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  // A real deployment (production, reached over HTTPS) must not depend on a secret living in a data file.
  if (!e.BETTER_AUTH_SECRET && e.NODE_ENV === "production" && publicUrl.startsWith("https://")) {
    throw new ConfigError(
      "Invalid environment variable BETTER_AUTH_SECRET: required in production over HTTPS (create one with: openssl rand -base64 32)",
    );
  }
  // Payments without their webhook would never be confirmed: both, or neither.
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    const missing = e.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY";
    throw new ConfigError(
      `Invalid environment variable ${missing}: Stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET`,
    );
  }
  const payments = paymentsOf(e.PAYMENTS, Boolean(e.STRIPE_SECRET_KEY), publicUrl);
  // Half the GLS credentials would silently ship through the sandbox: all four, or none.
  const missingGls = glsCredentials.filter((name) => !e[name]);
  if (missingGls.length > 0 && missingGls.length < glsCredentials.length) {
    throw new ConfigError(
      `Invalid environment variable ${missingGls[0]}: GLS needs all of ${glsCredentials.join(", ")} (missing: ${missingGls.join(", ")})`,
    );
  }
  // A bucket half-configured would silently keep the files on this machine's disk.
  const strayS3 = s3Settings.find((name) => env[name]?.trim());
  if (!e.S3_BUCKET && strayS3) {
    throw new ConfigError(`Invalid environment variable S3_BUCKET: required when ${strayS3} is set`);
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    const missing = e.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
    throw new ConfigError(
      `Invalid environment variable ${missing}: the bucket needs both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither`,
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    buildDir: path.resolve(e.BUILD_DIR),
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    demoData: e.DEMO_DATA === "on",
    publicUrl,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${shop.name} <${shop.email}>`,
    authSecret: e.BETTER_AUTH_SECRET,
    analytics: { gaMeasurementId: e.GA_MEASUREMENT_ID, clarityProjectId: e.CLARITY_PROJECT_ID },
    trustProxy: trustProxySetting(e.TRUST_PROXY),
    payments,
    stripe:
      payments === "stripe" && e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            ...(e.STRIPE_API_URL && { api: stripeApiAddress(e.STRIPE_API_URL) }),
          }
        : undefined,
    gls:
      e.GLS_SEDE && e.GLS_CLIENT_CODE && e.GLS_PASSWORD && e.GLS_CONTRACT_CODE
        ? {
            sede: e.GLS_SEDE.toUpperCase(),
            clientCode: e.GLS_CLIENT_CODE,
            password: e.GLS_PASSWORD,
            contractCode: e.GLS_CONTRACT_CODE,
            url: e.GLS_URL,
            timeoutMs: e.GLS_TIMEOUT_MS,
          }
        : undefined,
    trackingUrl: e.GLS_TRACKING_URL,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    jobsTickSeconds: e.JOBS_TICK_SECONDS,
    // One web process per core by default; the development server (Vite) runs in one.
    webProcesses: e.NODE_ENV === "development" ? 1 : (e.WEB_PROCESSES ?? availableParallelism()),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT?.replace(/\/$/, ""),
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: ["true", "1"].includes(e.S3_FORCE_PATH_STYLE),
        }
      : undefined,
  };
}

/**
 * Stripe when PAYMENTS says so or its keys are set; the sandbox when PAYMENTS says so, or by default
 * for a demo on a plain-http address (`npm start` on a fresh checkout). A shop at an https address
 * is open to real customers, whom the sandbox would let "pay" without taking any money: it starts
 * with the sandbox only when PAYMENTS=sandbox says that is meant.
 */
function paymentsOf(
  chosen: "stripe" | "sandbox" | undefined,
  hasStripeKeys: boolean,
  publicUrl: string,
): "stripe" | "sandbox" {
  if (chosen === "stripe" && !hasStripeKeys) {
    throw new ConfigError(
      "Invalid environment variable STRIPE_SECRET_KEY: PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET",
    );
  }
  if (chosen) return chosen;
  if (hasStripeKeys) return "stripe";
  if (publicUrl.startsWith("https://")) {
    throw new ConfigError(
      `Invalid environment variable PAYMENTS: the shop at ${publicUrl} has no Stripe keys and would take pretend payments; set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS=sandbox for a test shop`,
    );
  }
  return "sandbox";
}

function stripeApiAddress(url: string): { host: string; port: number; protocol: "http" | "https" } {
  const { hostname, port, protocol } = new URL(url);
  const scheme = protocol === "http:" ? "http" : "https";
  return { host: hostname, port: Number(port || (scheme === "http" ? 80 : 443)), protocol: scheme };
}

let current: Config | undefined;

/** The configuration of this process, read from the environment on first use. */
export function config(): Config {
  current ??= readConfig();
  return current;
}
