import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "./config.server";

describe("readConfig", () => {
  it("fills every default from an empty environment", () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      env: "development",
      port: 3000,
      databaseUrl: undefined,
      embeddedPgPort: 5433,
      publicUrl: "http://localhost:3000",
      analytics: { gaMeasurementId: undefined, clarityProjectId: undefined },
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it("loads the demo shop on a first start unless DEMO_DATA=off", () => {
    expect(readConfig({}).demoData).toBe(true);
    expect(readConfig({ DEMO_DATA: "off" }).demoData).toBe(false);
    expect(() => readConfig({ DEMO_DATA: "no" })).toThrow("Invalid environment variable DEMO_DATA: must be on or off");
  });

  it("treats blank values as unset", () => {
    const config = readConfig({ DATABASE_URL: "", GA_MEASUREMENT_ID: "  ", PUBLIC_URL: "" });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.analytics.gaMeasurementId).toBeUndefined();
  });

  it("derives the public URL from PORT and drops a trailing slash from PUBLIC_URL", () => {
    expect(readConfig({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    expect(readConfig({ PUBLIC_URL: "https://negozio.example/", PAYMENTS: "sandbox" }).publicUrl).toBe(
      "https://negozio.example",
    );
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
    [{ PUBLIC_URL: "not a url" }, "PUBLIC_URL"],
  ])("names the wrong variable in one line: %o", (env, name) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(new RegExp(`^Invalid environment variable ${name}: [^\\n]+$`));
  });
});

describe("BETTER_AUTH_SECRET", () => {
  const secret = "s".repeat(32);

  it("is required in production over HTTPS, and only there", () => {
    const live = { NODE_ENV: "production", PUBLIC_URL: "https://negozio.example", PAYMENTS: "sandbox" };
    expect(() => readConfig(live)).toThrow(/^Invalid environment variable BETTER_AUTH_SECRET: required in production/);
    expect(readConfig({ ...live, BETTER_AUTH_SECRET: secret }).authSecret).toBe(secret);
    expect(readConfig({ NODE_ENV: "production" }).authSecret).toBeUndefined();
    expect(readConfig({ PUBLIC_URL: "https://negozio.example", PAYMENTS: "sandbox" }).authSecret).toBeUndefined();
  });

  it("refuses a short secret", () => {
    expect(() => readConfig({ BETTER_AUTH_SECRET: "short" })).toThrow(
      /^Invalid environment variable BETTER_AUTH_SECRET: must be at least 32 characters$/,
    );
  });
});

describe("Stripe", () => {
  const keys = { STRIPE_SECRET_KEY: "sk_test_51abc", STRIPE_WEBHOOK_SECRET: "whsec_abc123" };

  it("is used when both the key and the webhook secret are set, the sandbox otherwise", () => {
    expect(readConfig(keys).stripe).toEqual({ secretKey: "sk_test_51abc", webhookSecret: "whsec_abc123" });
    expect(readConfig({}).stripe).toBeUndefined();
  });

  it("reaches Stripe's API at another address when STRIPE_API_URL says so (stripe-mock, a fake)", () => {
    expect(readConfig({ ...keys, STRIPE_API_URL: "http://127.0.0.1:12111" }).stripe?.api).toEqual({
      host: "127.0.0.1",
      port: 12111,
      protocol: "http",
    });
    expect(readConfig({ ...keys, STRIPE_API_URL: "https://stripe.internal" }).stripe?.api).toEqual({
      host: "stripe.internal",
      port: 443,
      protocol: "https",
    });
    expect(() => readConfig({ ...keys, STRIPE_API_URL: "ftp://stripe" })).toThrow(/STRIPE_API_URL/);
  });

  it("refuses one without the other, or a value that is not a Stripe secret", () => {
    expect(() => readConfig({ STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toThrow(
      /^Invalid environment variable STRIPE_WEBHOOK_SECRET: Stripe needs both/,
    );
    expect(() => readConfig({ STRIPE_WEBHOOK_SECRET: keys.STRIPE_WEBHOOK_SECRET })).toThrow(
      /^Invalid environment variable STRIPE_SECRET_KEY: Stripe needs both/,
    );
    expect(() => readConfig({ ...keys, STRIPE_SECRET_KEY: "pk_test_publishable" })).toThrow(
      /^Invalid environment variable STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
  });
});

describe("PAYMENTS", () => {
  const keys = { STRIPE_SECRET_KEY: "sk_test_51abc", STRIPE_WEBHOOK_SECRET: "whsec_abc123" };
  const live = { NODE_ENV: "production", PUBLIC_URL: "https://negozio.example", BETTER_AUTH_SECRET: "s".repeat(32) };

  it("lets the sandbox take the demo's payments on a plain-http address, Stripe once its keys are set", () => {
    expect(readConfig({}).payments).toBe("sandbox");
    expect(readConfig({ NODE_ENV: "production", PUBLIC_URL: "http://192.168.1.10:3000" }).payments).toBe("sandbox");
    expect(readConfig(keys).payments).toBe("stripe");
    expect(readConfig({ ...live, ...keys }).payments).toBe("stripe");
  });

  it("refuses to start a shop at an https address with the sandbox, in one line naming PAYMENTS", () => {
    expect(() => readConfig(live)).toThrow(ConfigError);
    expect(() => readConfig(live)).toThrow(
      /^Invalid environment variable PAYMENTS: the shop at https:\/\/negozio\.example has no Stripe keys and would take pretend payments; [^\n]*PAYMENTS=sandbox for a test shop$/,
    );
    // Outside production too: https is what real customers reach.
    expect(() => readConfig({ PUBLIC_URL: "https://negozio.example" })).toThrow(
      /^Invalid environment variable PAYMENTS:/,
    );
  });

  it("starts an https shop with the sandbox when PAYMENTS=sandbox says so, even with Stripe keys set", () => {
    expect(readConfig({ ...live, PAYMENTS: "sandbox" })).toMatchObject({ payments: "sandbox", stripe: undefined });
    expect(readConfig({ ...live, ...keys, PAYMENTS: "sandbox" })).toMatchObject({
      payments: "sandbox",
      stripe: undefined,
    });
  });

  it("takes PAYMENTS=stripe only with Stripe's keys, and nothing but stripe or sandbox", () => {
    expect(readConfig({ ...keys, PAYMENTS: "stripe" }).payments).toBe("stripe");
    expect(() => readConfig({ PAYMENTS: "stripe" })).toThrow(
      /^Invalid environment variable STRIPE_SECRET_KEY: PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET$/,
    );
    expect(() => readConfig({ PAYMENTS: "paypal" })).toThrow(
      /^Invalid environment variable PAYMENTS: must be stripe or sandbox$/,
    );
  });
});

describe("GLS", () => {
  const credentials = {
    GLS_SEDE: "cn",
    GLS_CLIENT_CODE: "123456",
    GLS_PASSWORD: "segreta",
    GLS_CONTRACT_CODE: "2557",
  };

  it("is used when all four credentials are set, with the service's address and a timeout", () => {
    expect(readConfig(credentials).gls).toEqual({
      sede: "CN",
      clientCode: "123456",
      password: "segreta",
      contractCode: "2557",
      url: "https://labelservice.gls-italy.com/ilswebservice.asmx",
      timeoutMs: 20_000,
    });
    expect(
      readConfig({ ...credentials, GLS_URL: "http://127.0.0.1:9/ws.asmx", GLS_TIMEOUT_MS: "5000" }).gls,
    ).toMatchObject({ url: "http://127.0.0.1:9/ws.asmx", timeoutMs: 5000 });
    expect(readConfig({}).gls).toBeUndefined();
  });

  it("refuses some credentials without the others, naming the missing ones", () => {
    const { GLS_PASSWORD: _, GLS_CONTRACT_CODE: __, ...partial } = credentials;
    expect(() => readConfig(partial)).toThrow(
      new ConfigError(
        "Invalid environment variable GLS_PASSWORD: GLS needs all of GLS_SEDE, GLS_CLIENT_CODE, GLS_PASSWORD, GLS_CONTRACT_CODE (missing: GLS_PASSWORD, GLS_CONTRACT_CODE)",
      ),
    );
  });

  it("refuses credentials of the wrong shape", () => {
    expect(() => readConfig({ ...credentials, GLS_SEDE: "CNO" })).toThrow(
      /^Invalid environment variable GLS_SEDE: must be the 2-character code/,
    );
    expect(() => readConfig({ ...credentials, GLS_CLIENT_CODE: "1234567" })).toThrow(
      /^Invalid environment variable GLS_CLIENT_CODE: must be your GLS client code .*up to 6 digits/,
    );
    expect(() => readConfig({ ...credentials, GLS_CONTRACT_CODE: "25A7" })).toThrow(
      /^Invalid environment variable GLS_CONTRACT_CODE: must be your GLS contract code .*digits only/,
    );
  });

  it("links parcels to GLS's tracking page, or to the configured template", () => {
    expect(readConfig({}).trackingUrl).toBe(
      "https://www.gls-italy.com/it/servizi/servizi-per-chi-riceve/ricerca-spedizioni?match={tracking}",
    );
    expect(readConfig({ GLS_TRACKING_URL: "https://gls.example/t?n={tracking}" }).trackingUrl).toBe(
      "https://gls.example/t?n={tracking}",
    );
    expect(() => readConfig({ GLS_TRACKING_URL: "https://gls.example/t" })).toThrow(
      /^Invalid environment variable GLS_TRACKING_URL: must be an http\(s\) address containing \{tracking\}/,
    );
  });
});

describe("stopping and scheduled jobs", () => {
  it("drain for 1 s and give requests 15 s on SIGTERM, and look for due jobs every 10 s, unless told", () => {
    expect(readConfig({})).toMatchObject({ shutdownDrainSeconds: 1, shutdownGraceSeconds: 15, jobsTickSeconds: 10 });
    expect(
      readConfig({ SHUTDOWN_DRAIN_SECONDS: "0", SHUTDOWN_GRACE_SECONDS: "25", JOBS_TICK_SECONDS: "1" }),
    ).toMatchObject({ shutdownDrainSeconds: 0, shutdownGraceSeconds: 25, jobsTickSeconds: 1 });
    for (const [name, value] of [
      ["SHUTDOWN_DRAIN_SECONDS", "-1"],
      ["SHUTDOWN_GRACE_SECONDS", "0"],
      ["SHUTDOWN_GRACE_SECONDS", "tanto"],
      ["JOBS_TICK_SECONDS", "0.5"],
    ] as const) {
      expect(() => readConfig({ [name]: value })).toThrow(new RegExp(`Invalid environment variable ${name}`));
    }
  });
});

describe("TRUST_PROXY", () => {
  it("trusts no proxy unless told: a hop count or the proxies' addresses", () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(readConfig({ TRUST_PROXY: "10.0.0.5, 192.168.1.0/24,loopback" }).trustProxy).toEqual([
      "10.0.0.5",
      "192.168.1.0/24",
      "loopback",
    ]);
  });

  it.each(["true", "*", "10.0.0.5/24/1", "proxy.example"])("refuses %s", (value) => {
    expect(() => readConfig({ TRUST_PROXY: value })).toThrow(/^Invalid environment variable TRUST_PROXY: /);
  });
});

describe("S3", () => {
  it("keeps the files in DATA_DIR unless S3_BUCKET is set, then in that bucket", () => {
    expect(readConfig({}).s3).toBeUndefined();
    expect(readConfig({ S3_BUCKET: "vetrina-files" }).s3).toEqual({
      bucket: "vetrina-files",
      region: "eu-south-1",
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(
      readConfig({
        S3_BUCKET: "vetrina",
        S3_REGION: "auto",
        S3_ENDPOINT: "https://abc.r2.cloudflarestorage.com/",
        S3_ACCESS_KEY_ID: "key",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "true",
      }).s3,
    ).toEqual({
      bucket: "vetrina",
      region: "auto",
      endpoint: "https://abc.r2.cloudflarestorage.com",
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
      forcePathStyle: true,
    });
  });

  it("refuses a bucket half-configured or of the wrong shape, naming the variable", () => {
    expect(() => readConfig({ S3_ENDPOINT: "http://minio:9000" })).toThrow(
      "Invalid environment variable S3_BUCKET: required when S3_ENDPOINT is set",
    );
    expect(() => readConfig({ S3_BUCKET: "vetrina", S3_ACCESS_KEY_ID: "key" })).toThrow(
      "Invalid environment variable S3_SECRET_ACCESS_KEY: the bucket needs both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither",
    );
    expect(() => readConfig({ S3_BUCKET: "Vetrina_Files" })).toThrow(
      /^Invalid environment variable S3_BUCKET: must be a bucket name/,
    );
    expect(() => readConfig({ S3_BUCKET: "vetrina", S3_ENDPOINT: "minio:9000" })).toThrow(
      /^Invalid environment variable S3_ENDPOINT: must be the service's address/,
    );
    expect(() => readConfig({ S3_BUCKET: "vetrina", S3_FORCE_PATH_STYLE: "yes" })).toThrow(
      "Invalid environment variable S3_FORCE_PATH_STYLE: must be true or false",
    );
  });
});
