// Signed, expiring links to private files for the stores that have no signing of their own (the
// local folder, the tests' memory store): /scarica/{key}?scade=…&nome=…&firma=…, an HMAC of the key,
// the expiry and the download name under a key derived from the app's secret. The route
// (app/routes/signed-file.ts) checks it in constant time before a single byte is read. A bucket signs
// its own links (s3-file-store.server.ts).
import { createHmac, timingSafeEqual } from "node:crypto";
import { contentTypeOf } from "./content-types";
import { checkedFileKey, type FileStore, type SignedUrlOptions } from "./file-store";

export const SIGNED_FILE_PATH = "/scarica/";

const downloadNamePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** The key that signs file links: derived from the app's secret, so a file link signs nothing else. */
function linkKey(appSecret: string): Buffer {
  return createHmac("sha256", appSecret).update("vetrina:signed-file-links").digest();
}

function signature(appSecret: string, key: string, expires: number, downloadName: string): Buffer {
  return createHmac("sha256", linkKey(appSecret)).update(`${key}\n${expires}\n${downloadName}`).digest();
}

/** The name a download is given: `downloadName`, checked, or the key's last segment. */
export function checkedDownloadName(key: string, downloadName: string | undefined): string {
  const name = downloadName ?? checkedFileKey(key).at(-1) ?? "";
  if (!downloadNamePattern.test(name)) throw new Error(`Not a download name: ${JSON.stringify(name)}`);
  return name;
}

/** The app URL (path and query) that downloads `key` until the expiry, signed with `appSecret`. */
export function signFileLink(appSecret: string, key: string, options: SignedUrlOptions): string {
  const segments = checkedFileKey(key);
  const name = checkedDownloadName(key, options.downloadName);
  const expires = Math.floor((options.now ?? new Date()).getTime() / 1000) + Math.floor(options.expiresInSeconds);
  const firma = signature(appSecret, segments.join("/"), expires, name).toString("base64url");
  return `${SIGNED_FILE_PATH}${segments.join("/")}?${new URLSearchParams({ scade: String(expires), nome: name, firma })}`;
}

export type FileLinkCheck =
  | { valid: true; key: string; downloadName: string }
  | { valid: false; reason: "forged" | "expired" };

/** Whether `url` is a link signFileLink made with `appSecret` and its time is not over at `now`. */
export function checkFileLink(appSecret: string, url: URL, now: Date): FileLinkCheck {
  const forged = { valid: false, reason: "forged" } as const;
  if (!url.pathname.startsWith(SIGNED_FILE_PATH)) return forged;
  let key: string;
  try {
    key = decodeURIComponent(url.pathname.slice(SIGNED_FILE_PATH.length));
  } catch {
    return forged;
  }
  const expiresText = url.searchParams.get("scade") ?? "";
  const name = url.searchParams.get("nome") ?? "";
  const given = Buffer.from(url.searchParams.get("firma") ?? "", "base64url");
  if (!/^\d{1,12}$/.test(expiresText) || !downloadNamePattern.test(name)) return forged;
  const expected = signature(appSecret, key, Number(expiresText), name);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return forged;
  if (Number(expiresText) * 1000 < now.getTime()) return { valid: false, reason: "expired" };
  return { valid: true, key, downloadName: name };
}

/**
 * What a private file is sent as: a type the browser shows itself, or bytes to save. Never SVG
 * inline: opened from the shop's address, its scripts would run there.
 */
function inlineType(downloadName: string): string | undefined {
  const type = contentTypeOf(downloadName);
  return type === "image/svg+xml" ? undefined : type;
}

function plainText(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}

/** The answer to a signed link: the file's bytes, never cached, or an Italian refusal. */
export async function answerSignedFileLink(
  store: FileStore,
  url: URL,
  appSecret: string,
  now: Date,
): Promise<Response> {
  const link = checkFileLink(appSecret, url, now);
  if (!link.valid) {
    return link.reason === "expired"
      ? plainText(403, "Il link è scaduto: torna alla pagina da cui l'hai aperto e riprova.")
      : plainText(403, "Link non valido.");
  }
  const bytes = await store.read(link.key);
  if (!bytes) return plainText(404, "File non trovato.");
  const contentType = inlineType(link.downloadName);
  return new Response(Buffer.from(bytes), {
    headers: {
      "Content-Type": contentType ?? "application/octet-stream",
      "Content-Disposition": `${contentType ? "inline" : "attachment"}; filename="${link.downloadName}"`,
      "Content-Length": String(bytes.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
