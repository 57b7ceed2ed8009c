import net from "node:net";

// Ports for the tests' and benchmarks' own servers and databases, which must not collide with
// anything else on a busy machine (another run of the same suite above all): a port the OS gives.

/** A port free on 127.0.0.1 now. Something else may take it before it is used: see onFreePort. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether `error` says the port was taken (Node's EADDRINUSE, PostgreSQL's "could not create any TCP/IP sockets"). */
export function isPortCollision(error: unknown): boolean {
  const text = error instanceof Error ? `${(error as NodeJS.ErrnoException).code ?? ""} ${error.message}` : "";
  return /EADDRINUSE|address already in use|could not create any TCP\/IP sockets/i.test(text);
}

/**
 * Runs `start` on a free port, and again on another if the port was taken between the two (for a
 * server that can only be given a port number, not listen on port 0 itself).
 */
export async function onFreePort<T>(
  start: (port: number) => Promise<T>,
  { attempts = 5, pickPort = freePort }: { attempts?: number; pickPort?: () => Promise<number> } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await pickPort());
    } catch (error) {
      if (attempt >= attempts || !isPortCollision(error)) throw error;
    }
  }
}
