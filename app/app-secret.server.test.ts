import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resolveAuthSecret } from "./app-secret.server";

describe("resolveAuthSecret", () => {
  const dirs: string[] = [];
  const tempDataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vetrina-secret-"));
    dirs.push(dir);
    return path.join(dir, "data");
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("uses BETTER_AUTH_SECRET when it is set, without touching DATA_DIR", () => {
    const dataDir = tempDataDir();
    expect(resolveAuthSecret({ authSecret: "from-the-environment", dataDir })).toBe("from-the-environment");
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it("otherwise generates a secret once, readable by its owner only, and keeps it", () => {
    const dataDir = tempDataDir();
    const first = resolveAuthSecret({ authSecret: undefined, dataDir });
    expect(Buffer.from(first, "base64")).toHaveLength(32);
    expect(fs.statSync(path.join(dataDir, "auth-secret")).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret({ authSecret: undefined, dataDir })).toBe(first);
    expect(resolveAuthSecret({ authSecret: undefined, dataDir: tempDataDir() })).not.toBe(first);
  });
});
