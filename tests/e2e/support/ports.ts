import { execFileSync } from "node:child_process";

// E2E_PORT moves the whole Playwright run (app, its database, the mail sink) so two runs can share a
// machine. Unset, the run takes the first block of four free ports from 3100 up (3100, 3104, …) and
// keeps it in E2E_PORT, which the workers and the web servers inherit: a busy 3100 does not fail it.
process.env.E2E_PORT ??= String(firstFreeBlock(3100));

export const appPort = Number(process.env.E2E_PORT);
export const baseURL = `http://localhost:${appPort}`;
export const sinkSmtpPort = appPort + 1;
export const sinkHttpPort = appPort + 2;
export const sinkHttpUrl = `http://127.0.0.1:${sinkHttpPort}`;
export const databasePort = appPort + 3;

/** The first port from `from` up, by fours, where it and the next three are free (asked of a child Node: the config loads synchronously). */
function firstFreeBlock(from: number): number {
  const probe = `
    const net = require("node:net");
    const free = (port, host) => new Promise((resolve) => {
      const server = net.createServer().once("error", () => resolve(false));
      server.listen(port, host, () => server.close(() => resolve(true)));
    });
    (async () => {
      for (let first = ${from}; first < ${from} + 400; first += 4) {
        let all = true;
        for (let port = first; all && port < first + 4; port++) all = (await free(port, "0.0.0.0")) && (await free(port, "127.0.0.1"));
        if (all) return process.stdout.write(String(first));
      }
      process.stdout.write(String(${from}));
    })();`;
  return Number(execFileSync(process.execPath, ["-e", probe], { encoding: "utf8" }));
}
