import { readFileSync } from "node:fs";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Database } from "../../../app/db/client.server";
import * as schema from "../../../app/db/schema";
import { appPort, databasePort } from "./ports";

let database: Database | undefined;

/**
 * The database of the app under test (the embedded PostgreSQL the Playwright web server started), to
 * check what a journey stored or to change data behind the browser's back. Safe to call when a spec
 * file loads: the password file (written when the server starts) is read at the first query.
 */
export function e2eDatabase(): Database {
  database ??= drizzle(
    new pg.Pool({
      host: "127.0.0.1",
      port: databasePort,
      user: "postgres",
      database: "vetrina",
      max: 2,
      password: () => readFileSync(path.join(".e2e-data", String(appPort), "pg", "password"), "utf8").trim(),
    }),
    { schema },
  );
  return database;
}

/** The newest order placed with this e-mail address, as the database holds it. */
export async function latestOrderOf(email: string) {
  const [order] = await e2eDatabase()
    .select()
    .from(schema.orders)
    .where(eq(schema.orders.email, email))
    .orderBy(desc(schema.orders.createdAt))
    .limit(1);
  return order;
}
