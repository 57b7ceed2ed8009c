import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { createLogger, currentLogId, inLogScope, serializeError, withoutPersonalData } from "./logger.server";

describe("withoutPersonalData", () => {
  it("replaces e-mail addresses and IPv4 and IPv6 addresses", () => {
    expect(withoutPersonalData("550 5.1.1 <mario.rossi+shop@example.it>: Recipient address rejected")).toBe(
      "550 5.1.1 <[e-mail]>: Recipient address rejected",
    );
    expect(withoutPersonalData("from 203.0.113.7 and 2001:db8::1 and ::1")).toBe("from [ip] and [ip] and [ip]");
    expect(withoutPersonalData("fe80:0:0:0:202:b3ff:fe1e:8329 said hi")).toBe("[ip] said hi");
  });

  it("leaves order numbers, hashes, times and versions alone", () => {
    const text = "order 2024-0042 at 12:30:15, sha 9f86d081884c7d65, PostgreSQL 18.1, uuid 0b6f3c1e-9a9d-4c1b";
    expect(withoutPersonalData(text)).toBe(text);
  });
});

describe("serializeError", () => {
  it("keeps a failed query's text and cause but not its parameters", () => {
    const cause = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const error = new DrizzleQueryError(
      "insert into orders (email, name) values ($1, $2)",
      ["anna@example.it", "Anna"],
      cause,
    );
    const serialized = JSON.stringify(serializeError(error));
    expect(serialized).toContain("insert into orders (email, name) values ($1, $2)");
    expect(serialized).toContain("ECONNREFUSED");
    expect(serialized).not.toContain("anna@example.it");
    expect(serialized).not.toContain('"Anna"');
    expect(serialized).not.toContain("params");
  });

  it("drops PostgreSQL's row details and scrubs addresses from messages", () => {
    const error = Object.assign(new Error('duplicate key for "luca@example.it"'), {
      code: "23505",
      detail: "Key (email)=(luca@example.it) already exists.",
    });
    const serialized = serializeError(error) as Record<string, unknown>;
    expect(serialized.code).toBe("23505");
    expect(serialized.detail).toBeUndefined();
    expect(JSON.stringify(serialized)).not.toContain("luca@example.it");
  });
});

describe("the shop's logger", () => {
  it("adds the request's id to every line written while serving it, across awaits, and hides a query's parameters", async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const logger = createLogger(sink);
    await inLogScope({ requestId: "req-1" }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      logger.warn({ err: new DrizzleQueryError("select $1", ["eva@example.it"]) }, "inside");
      logger.warn("inside again");
      expect(currentLogId()).toBe("req-1");
    });
    logger.warn("outside");
    expect(lines.map((line) => [line.msg, line.requestId])).toEqual([
      ["inside", "req-1"],
      ["inside again", "req-1"],
      ["outside", undefined],
    ]);
    // A line's own fields stay on that line.
    expect(lines[1]?.err).toBeUndefined();
    expect(JSON.stringify(lines)).not.toContain("eva@example.it");
  });
});
