// The shop as it runs in production, for the resilience tests: the built app (`react-router build`)
// started as its own Node process on a database the test owns, so a test can stop, kill or signal
// it, run several at once, and read what it logged.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { freePort, isPortCollision } from "../../../server/free-port";

export type AppInstance = {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed so far (its JSON log lines). */
  output(): string;
  /** Sends `signal` and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

export type AppInstanceOptions = {
  /** Unset: the app starts its own embedded PostgreSQL under `dataDir`, on the EMBEDDED_PG_PORT given in `env`. */
  databaseUrl?: string;
  dataDir: string;
  /** Shared by instances of one shop, as a deployment sets it: sessions signed by one are read by the others. */
  authSecret: string;
  env?: Record<string, string>;
};

/**
 * Starts the built app on a port the OS gives and resolves once `/readyz` answers (database reachable,
 * migrations applied). Should another process take the port meanwhile, the app starts again on
 * another; `output()` then holds what every start printed.
 */
export async function startAppInstance(options: AppInstanceOptions): Promise<AppInstance> {
  let earlierOutput = "";
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await startOnPort(options, port, earlierOutput);
    } catch (error) {
      if (!(error instanceof AppStartError) || !isPortCollision(error) || attempt >= 5) throw error;
      earlierOutput = error.output;
    }
  }
}

class AppStartError extends Error {
  constructor(
    message: string,
    readonly output: string,
  ) {
    super(`${message}:\n${output}`);
  }
}

async function startOnPort(options: AppInstanceOptions, port: number, earlierOutput: string): Promise<AppInstance> {
  let output = earlierOutput;
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: options.databaseUrl ?? "",
      DATA_DIR: options.dataDir,
      BETTER_AUTH_SECRET: options.authSecret,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: "",
      LOG_LEVEL: "info",
      // One web process each: these tests are about instances sharing a database, and two instances
      // of three processes on CI's two cores only slow them (the e2e journeys run the default, one per core).
      WEB_PROCESSES: "1",
      ...options.env,
    },
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const instance: AppInstance = {
    url,
    port,
    child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      const exited = once(child, "exit");
      child.kill(signal);
      const [code] = await exited;
      return code as number | null;
    },
  };
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null)
      throw new AppStartError(`the app exited with ${child.exitCode} before it was ready`, output);
    // Only once this app listens (it says so) is the port its own, not another process's.
    const listening = output.slice(earlierOutput.length).includes('"msg":"Vetrina is open');
    try {
      if (listening && (await fetch(`${url}/readyz`)).ok) return instance;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await instance.stop("SIGKILL");
  throw new Error(`the app was not ready within two minutes:\n${output}`);
}
