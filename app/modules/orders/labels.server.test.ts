import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { memoryFileStore } from "~/modules/files/memory-file-store.server";
import { labelKey, moveLabelFolderIntoStore } from "./labels.server";

describe("labelKey", () => {
  it("keeps a label below the private prefix, and a path naming anything else nowhere", () => {
    expect(labelKey("0190a3b4-attempt1.pdf")).toBe("labels/0190a3b4-attempt1.pdf");
    for (const bad of ["../outside.pdf", "a/b.pdf", ".hidden.pdf", "", "a\\b.pdf", "/etc/passwd"]) {
      expect(labelKey(bad)).toBeNull();
    }
  });
});

describe("moving an earlier version's DATA_DIR/labels into the store", () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "vetrina-labels-"));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it("moves each label once, keeps what the store has, leaves half-written files, and does nothing the second time", async () => {
    const folder = path.join(dataDir, "labels");
    await mkdir(folder);
    await writeFile(path.join(folder, "order-1.pdf"), "%PDF-1.4 uno");
    await writeFile(path.join(folder, "order-2.pdf"), "%PDF-1.4 due, copia vecchia");
    await writeFile(path.join(folder, ".order-3.pdf.tmp"), "%PDF-1.");
    const files = memoryFileStore();
    // Moved already by a start that stopped before removing the file.
    await files.put("labels/order-2.pdf", new TextEncoder().encode("%PDF-1.4 due"), "application/pdf");

    expect(await moveLabelFolderIntoStore(dataDir, files)).toBe(2);

    expect(await files.list("labels/")).toEqual(["labels/order-1.pdf", "labels/order-2.pdf"]);
    expect(new TextDecoder().decode((await files.read("labels/order-1.pdf")) ?? undefined)).toBe("%PDF-1.4 uno");
    expect(new TextDecoder().decode((await files.read("labels/order-2.pdf")) ?? undefined)).toBe("%PDF-1.4 due");
    expect(files.entry("labels/order-1.pdf")?.contentType).toBe("application/pdf");
    expect(await readdir(folder)).toEqual([".order-3.pdf.tmp"]);

    expect(await moveLabelFolderIntoStore(dataDir, files)).toBe(0);
  });

  it("has nothing to move on an install that never had the folder", async () => {
    expect(await moveLabelFolderIntoStore(dataDir, memoryFileStore())).toBe(0);
  });
});
