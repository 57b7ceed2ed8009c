import { describe, expect, it } from "vitest";
import { readConfig } from "~/config.server";
import type { Database } from "~/db/client.server";
import { carrierFor } from "./carriers.server";

describe("carrierFor", () => {
  const db = {} as Database;

  it("ships with GLS when its four credentials are set, through the sandbox otherwise", () => {
    const credentials = { GLS_SEDE: "CN", GLS_CLIENT_CODE: "123456", GLS_PASSWORD: "x", GLS_CONTRACT_CODE: "2557" };
    expect(carrierFor(readConfig(credentials), db).name).toBe("gls");
    expect(carrierFor(readConfig({}), db).name).toBe("sandbox");
  });
});
