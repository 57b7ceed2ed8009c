import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./availability";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("recognises a stopped, restarting or unreachable server, also inside Drizzle's wrapper", () => {
    const refused = withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED");
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new DrizzleQueryError("select 1", [], refused))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused, refused]))).toBe(true);
    expect(isDatabaseUnavailable(withCode("terminating connection due to administrator command", "57P01"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("the database system is starting up", "57P03"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("connection failure", "08006"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
  });

  it("does not mistake a failing query for an outage", () => {
    expect(
      isDatabaseUnavailable(withCode('duplicate key value violates unique constraint "orders_pkey"', "23505")),
    ).toBe(false);
    expect(isDatabaseUnavailable(withCode("canceling statement due to statement timeout", "57014"))).toBe(false);
    expect(isDatabaseUnavailable(new DrizzleQueryError("select x", [], withCode("column x", "42703")))).toBe(false);
    expect(isDatabaseUnavailable(new Error("Invalid cursor"))).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });
});
