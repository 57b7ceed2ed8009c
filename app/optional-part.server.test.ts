import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "~/logger.server";
import { optionalPart } from "./optional-part.server";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("optionalPart", () => {
  it("gives the part's value when it loads, logging nothing", async () => {
    const error = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    await expect(optionalPart(Promise.resolve([1, 2]), [], "related products failed")).resolves.toEqual([1, 2]);
    expect(error).not.toHaveBeenCalled();
  });

  it("gives the fallback when the part fails, and logs the failure with its details", async () => {
    const error = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const failure = new Error('relation "products" does not exist');
    await expect(
      optionalPart(Promise.reject(failure), null, "related products failed", { productId: 7 }),
    ).resolves.toBeNull();
    expect(error).toHaveBeenCalledWith({ err: failure, productId: 7 }, "related products failed");
  });

  it("lets an unreachable database through: the whole page is unavailable, not this part", async () => {
    const error = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const unavailable = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    await expect(optionalPart(Promise.reject(unavailable), [], "outlet preview failed")).rejects.toBe(unavailable);
    expect(error).not.toHaveBeenCalled();
  });
});
