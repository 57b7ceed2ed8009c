import type pg from "pg";
import { logger } from "~/logger.server";

export type ChannelListener = {
  /** True while a connection is listening: every notification since it began has been delivered. */
  readonly listening: boolean;
  /** Listens again if the connection was lost (a database restart); resolves when it is known whether it could. */
  reconnect: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * Holds one pooled connection on LISTEN `channel` and calls `onNotification` for each
 * notification. A lost connection (the database stopping) calls `onLost`, so the caller can stop
 * trusting what it kept, and is opened again by `reconnect()`, which the caller's own timer calls.
 * `onListening` runs on each new connection before it counts as listening, e.g. to take a session
 * lock that lives exactly as long as the connection.
 */
export async function listenToChannel(
  pool: pg.Pool,
  channel: string,
  handlers: {
    /** Called with the notification's payload ('' when it has none). */
    onNotification: (payload: string) => void;
    onLost?: () => void;
    onListening?: (client: pg.PoolClient) => Promise<void>;
    name: string;
  },
): Promise<ChannelListener> {
  let stopped = false;
  // The LISTEN connection while it lives, and how to give it back to the pool exactly once. It is
  // closed rather than reused (`destroy`): whatever `onListening` took on it must end with it.
  let current: { client: pg.PoolClient; release: (destroy?: Error | boolean) => void } | null = null;
  let connecting: Promise<void> | null = null;

  const connect = () => {
    connecting ??= (async () => {
      if (current || stopped) return;
      let release: ((destroy?: Error | boolean) => void) | undefined;
      try {
        const client = await pool.connect();
        let released = false;
        release = (destroy = true) => {
          if (!released) client.release(destroy);
          released = true;
        };
        const giveBack = release;
        // A checked-out connection's error (the database stopping) would otherwise crash the process.
        client.on("error", (error) => {
          logger.warn({ err: error }, `${handlers.name} stopped listening until the database is back`);
          if (current?.client === client) {
            current = null;
            handlers.onLost?.();
          }
          giveBack(error);
        });
        client.on("notification", (message) => handlers.onNotification(message.payload ?? ""));
        await client.query(`LISTEN ${channel}`);
        await handlers.onListening?.(client);
        if (stopped) return giveBack();
        current = { client, release: giveBack };
      } catch (error) {
        release?.(error instanceof Error ? error : new Error(String(error)));
        logger.warn({ err: error }, `${handlers.name} cannot listen yet`);
      }
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  await connect();
  return {
    get listening() {
      return current !== null;
    },
    reconnect: connect,
    async stop() {
      stopped = true;
      await connecting;
      const connection = current;
      current = null;
      if (connection) {
        await connection.client.query(`UNLISTEN ${channel}`).catch(() => {});
        connection.release();
      }
    },
  };
}
