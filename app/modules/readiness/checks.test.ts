import { describe, expect, it } from "vitest";
import type { IdentitySettings } from "~/modules/settings/settings";
import {
  authSecretCheck,
  backupCheck,
  productPhotosCheck,
  proxyCheck,
  publicAddressCheck,
  sellerCheck,
} from "./checks";

const hours = (count: number) => count * 3_600_000;
const now = new Date("2026-11-27T10:00:00Z");

describe("the shop's own readiness checks", () => {
  it("want a public https address that is not this machine", () => {
    expect(publicAddressCheck("https://www.vetrinafossano.it").status).toBe("ok");
    expect(publicAddressCheck("http://www.vetrinafossano.it")).toMatchObject({
      status: "missing",
      fix: expect.stringContaining("PUBLIC_URL"),
    });
    expect(publicAddressCheck("https://localhost:3000").status).toBe("missing");
    expect(publicAddressCheck("https://127.0.0.1").status).toBe("missing");
  });

  it("want the sessions' secret in the environment, not in a data file", () => {
    expect(authSecretCheck("x".repeat(32)).status).toBe("ok");
    expect(authSecretCheck(undefined)).toMatchObject({
      status: "missing",
      fix: expect.stringContaining("BETTER_AUTH_SECRET"),
    });
  });

  it("want a proxy trusted when the page came through one, or when something in front serves https", () => {
    const http = "http://localhost:3000";
    const https = "https://www.vetrinafossano.it";
    expect(proxyCheck({ trustProxy: "loopback".split(","), forwarded: true, publicUrl: https }).status).toBe("ok");
    expect(proxyCheck({ trustProxy: 1, forwarded: false, publicUrl: https }).status).toBe("ok");
    expect(proxyCheck({ trustProxy: false, forwarded: true, publicUrl: https })).toMatchObject({
      status: "missing",
      fix: expect.stringContaining("TRUST_PROXY"),
    });
    expect(proxyCheck({ trustProxy: false, forwarded: false, publicUrl: https }).status).toBe("warning");
    expect(proxyCheck({ trustProxy: false, forwarded: false, publicUrl: http }).status).toBe("ok");
  });

  it("want a backup folder and a backup from the last night", () => {
    const backup = { folder: "/var/backups/vetrina", lastError: null, unreadable: null, now };
    expect(backupCheck({ ...backup, newest: new Date(now.getTime() - hours(7)) })).toMatchObject({
      status: "ok",
      detail: "L'ultimo backup è del 27/11/2026, 04:00.",
    });
    expect(backupCheck({ ...backup, newest: new Date(now.getTime() - hours(37)) }).status).toBe("missing");
    expect(backupCheck({ ...backup, newest: null }).status).toBe("missing");
    expect(backupCheck({ ...backup, folder: "", newest: null })).toMatchObject({
      status: "missing",
      detail: expect.stringContaining("Nessuna cartella"),
    });
    const failed = backupCheck({ ...backup, newest: new Date(now.getTime() - hours(7)), lastError: "disco pieno" });
    expect(failed).toMatchObject({ status: "missing", detail: expect.stringContaining("disco pieno") });
    expect(backupCheck({ ...backup, newest: null, unreadable: "EACCES" }).detail).toContain("EACCES");
  });

  it("want the seller named in full, with an address customers can write to", () => {
    const identity = {
      legalName: "Vetrina S.n.c.",
      vatNumber: "02987610041",
      street: "Via Roma 24",
      town: "Fossano",
      phoneDisplay: "0172 634218",
      email: "info@vetrinafossano.it",
    } as IdentitySettings;
    expect(sellerCheck(identity, "CN-254318").status).toBe("ok");
    expect(sellerCheck({ ...identity, email: "info@example.it" }, "")).toMatchObject({
      status: "missing",
      detail: "Alle pagine legali manca: numero REA, e-mail raggiungibile.",
    });
  });

  it("want products on sale, each with a photo of its own", () => {
    expect(productPhotosCheck({ onSale: 12, withoutPhotos: 0 }).status).toBe("ok");
    expect(productPhotosCheck({ onSale: 12, withoutPhotos: 1 })).toMatchObject({
      status: "missing",
      detail: "1 prodotto in vendita ha solo le illustrazioni della demo, o nessuna immagine.",
    });
    expect(productPhotosCheck({ onSale: 0, withoutPhotos: 0 }).status).toBe("missing");
  });
});
