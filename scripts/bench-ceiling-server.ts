// The ceiling of the /shop load test (see bench-catalogue.ts): a bare Node HTTP server that answers
// each URL with the rows of the very statements the app's listing sends for it, as JSON. No
// framework, no rendering: what the same database and runtime allow at best.
//
// Environment: CEILING_PORT, DATABASE_URL, CEILING_QUERIES (JSON file: URL -> [{ text, params }]).
import { readFileSync } from "node:fs";
import http from "node:http";
import pg from "pg";

type Statement = { text: string; params: unknown[] };

const queries = JSON.parse(readFileSync(process.env.CEILING_QUERIES ?? "", "utf8")) as Record<string, Statement[]>;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const server = http.createServer(async (request, response) => {
  const statements = queries[request.url ?? ""];
  if (!statements) {
    response.writeHead(404).end();
    return;
  }
  try {
    const results = await Promise.all(statements.map((statement) => pool.query(statement.text, statement.params)));
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(JSON.stringify(results.map((result) => result.rows)));
  } catch (error) {
    response.writeHead(500).end(String(error));
  }
});

server.listen(Number(process.env.CEILING_PORT), "127.0.0.1");

process.on("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
  void pool.end().then(() => process.exit(0));
});
