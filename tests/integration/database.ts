import { afterAll, inject } from "vitest";
import { connectDatabase, type Database, disconnectDatabase } from "../../app/db/client.server";

/** The run's seeded test database, connected for this test file and closed after it. */
export function connectTestDatabase(): Database {
  const { db } = connectDatabase(inject("databaseUrl"), 4);
  afterAll(() => disconnectDatabase());
  return db;
}
