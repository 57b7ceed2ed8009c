import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { folderStore } from "../app/modules/backups/locations.server";
import { emptyDatabases } from "../tests/integration/database";

const createEmptyDatabase = emptyDatabases();

// `npm run backup` and `npm run restore` as an operator runs them: processes configured by the
// environment (DATABASE_URL, DATA_DIR), the run's seeded shop as the source.

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), "vetrina-backup-cli-"));
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

function run(
  script: "backup" | "restore",
  args: string[],
  env: { DATABASE_URL: string; DATA_DIR: string },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
    env: { ...process.env, ...env, LOG_LEVEL: "silent" },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

describe("npm run backup, npm run restore", { timeout: 120_000 }, () => {
  it("back up the shop's database and DATA_DIR/files, and restore them on another instance", async () => {
    const sourceFiles = await folderStore(inject("filesDir")).list("");
    const source = { DATABASE_URL: inject("databaseUrl"), DATA_DIR: path.dirname(inject("filesDir")) };

    const backup = await run("backup", ["--to", path.join(workDir, "backups")], source);
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    const written = backup.stdout.match(
      /^Backup written to (\S+): \d+ tables \(\d+ rows\), (\d+) files, \d+ migrations/,
    );
    expect(written?.[2]).toBe(String(sourceFiles.length));
    const folder = written?.[1] as string;
    expect(path.dirname(folder)).toBe(path.join(workDir, "backups"));

    const target = { DATABASE_URL: (await createEmptyDatabase()).url, DATA_DIR: path.join(workDir, "restored") };
    const restore = await run("restore", ["--from", folder], target);
    expect(restore.stderr).toBe("");
    expect(restore.stdout).toMatch(
      new RegExp(`^Restored ${folder}: \\d+ tables \\(\\d+ rows\\), ${sourceFiles.length} files\\.`),
    );
    expect(restore.code).toBe(0);
    expect(await folderStore(path.join(target.DATA_DIR, "files")).list("")).toEqual(sourceFiles);

    const again = await run("restore", ["--from", folder], target);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /^The database is not empty \(.*\)\. Restore into an empty database, or add --force .*\n$/,
    );
  });
});
