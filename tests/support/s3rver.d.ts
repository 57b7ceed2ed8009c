// s3rver ships no types: what tests/support/local-s3.ts uses of it.
declare module "s3rver" {
  import type { Server } from "node:http";

  type Context = {
    path: string;
    method: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    body: unknown;
    type: string;
  };

  export default class S3rver {
    constructor(options: {
      address: string;
      port: number;
      directory: string;
      silent: boolean;
      configureBuckets: { name: string }[];
    });
    /** Koa's middleware stack, run in order. */
    middleware: ((ctx: Context, next: () => Promise<void>) => Promise<void> | void)[];
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    httpServer: Server;
  }
}
