import { createHmac, timingSafeEqual } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { appSecret } from "~/app-secret.server";
import type { Queryable } from "~/db/client.server";
import { orders } from "~/db/schema";
import { logger } from "~/logger.server";
import type { CurrentUser } from "~/modules/accounts/current-user";
import { type FileStore, fileKeySegments } from "~/modules/files/file-store";
import { isOrderId, shortOrderId } from "./order-views";

// Shipping labels are PDF files in the file store below LABEL_PREFIX; orders.shipping_label_path
// holds the file name below it. They carry customers' addresses, so they are private: /files serves
// only public prefixes, and only findLabel's checks lead to one: the viewer must be the order's
// customer or an admin AND hold a link the shop signed in the last LABEL_LINK_MINUTES (a link copied
// out of a page or a browser history stops working). The route then sends the browser to the store's
// own signed link, which works for LABEL_DOWNLOAD_SECONDS only.

/** How long a label link a page hands out keeps working. */
export const LABEL_LINK_MINUTES = 30;

/** How long the store's link to the label's bytes works: enough to open it, too short to pass around. */
export const LABEL_DOWNLOAD_SECONDS = 300;

/** Where the store keeps the labels: a private prefix, never served at /files. */
export const LABEL_PREFIX = "labels/";

/** The store key of a stored label path (a single file name), or null when it could name anything else. */
export function labelKey(labelPath: string): string | null {
  const segments = fileKeySegments(labelPath);
  return segments?.length === 1 ? `${LABEL_PREFIX}${labelPath}` : null;
}

/** Keeps the label PDF a courier gave under `labelPath` (a file name of the order's shipment attempt). */
export async function saveLabel(files: FileStore, labelPath: string, pdf: Uint8Array): Promise<void> {
  const key = labelKey(labelPath);
  if (!key) throw new Error(`Not a label file name: ${JSON.stringify(labelPath)}`);
  await files.put(key, pdf, "application/pdf");
}

/** Removes the label kept under `labelPath`, when there is one. */
export async function deleteLabel(files: FileStore, labelPath: string): Promise<void> {
  const key = labelKey(labelPath);
  if (key) await files.delete(key);
}

function linkSignature(orderId: string, expires: number, secret: string): Buffer {
  return createHmac("sha256", secret).update(`label-link:${orderId}:${expires}`).digest();
}

/** The download link of an order's label, signed, working for LABEL_LINK_MINUTES from `now`. */
export function labelLink(orderId: string, now: Date, secret = appSecret()): string {
  const expires = Math.floor(now.getTime() / 1000) + LABEL_LINK_MINUTES * 60;
  const signature = linkSignature(orderId, expires, secret).toString("base64url");
  return `/orders/${orderId}/label?${new URLSearchParams({ scade: String(expires), firma: signature })}`;
}

function linkState(
  orderId: string,
  query: URLSearchParams,
  now: Date,
  secret: string,
): "valid" | "expired" | "invalid" {
  const expiresText = query.get("scade") ?? "";
  const given = Buffer.from(query.get("firma") ?? "", "base64url");
  if (!/^\d{1,12}$/.test(expiresText)) return "invalid";
  const expected = linkSignature(orderId, Number(expiresText), secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
  return Number(expiresText) * 1000 < now.getTime() ? "expired" : "valid";
}

export type LabelLookup =
  | { found: true; key: string; downloadName: string }
  /** The link was not signed by the shop for this order, or its time is over. */
  | { found: false; reason: "bad-link" | "expired-link" }
  /** No such order, or not one this user may see: the same answer, so ids cannot be probed. */
  | { found: false; reason: "no-order" }
  | { found: false; reason: "no-label" };

/** The label of an order in the store, for its customer or an admin holding a link from labelLink. */
export async function findLabel(
  db: Queryable,
  files: FileStore,
  orderId: string,
  viewer: Pick<CurrentUser, "id" | "role">,
  link: { query: URLSearchParams; now: Date; secret?: string },
): Promise<LabelLookup> {
  if (!isOrderId(orderId)) return { found: false, reason: "no-order" };
  const state = linkState(orderId, link.query, link.now, link.secret ?? appSecret());
  if (state !== "valid") return { found: false, reason: state === "expired" ? "expired-link" : "bad-link" };
  const [order] = await db
    .select({ userId: orders.userId, labelPath: orders.shippingLabelPath })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || (viewer.role !== "admin" && order.userId !== viewer.id)) return { found: false, reason: "no-order" };
  if (!order.labelPath) return { found: false, reason: "no-label" };

  const key = await storedLabelKey(files, order.labelPath);
  if (!key) return { found: false, reason: "no-label" };
  return { found: true, key, downloadName: `etichetta-${shortOrderId(orderId).slice(1)}.pdf` };
}

/**
 * The store keys of the labels of several orders, in the order asked, for the admin's merged
 * download (the admin area's guard has checked the role); orders without a stored label are left out.
 */
export async function labelKeysOfOrders(db: Queryable, files: FileStore, orderIds: string[]): Promise<string[]> {
  const ids = orderIds.filter(isOrderId);
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: orders.id, labelPath: orders.shippingLabelPath })
    .from(orders)
    .where(inArray(orders.id, ids));
  const pathOf = new Map(rows.map((row) => [row.id, row.labelPath]));
  const keys: string[] = [];
  for (const id of ids) {
    const labelPath = pathOf.get(id);
    const key = labelPath ? await storedLabelKey(files, labelPath) : null;
    if (key) keys.push(key);
  }
  return keys;
}

/** The key of a stored label path, when the store holds that label. */
async function storedLabelKey(files: FileStore, labelPath: string): Promise<string | null> {
  // A path that could name anything but a file of the labels is treated as no label at all.
  const key = labelKey(labelPath);
  return key && (await files.exists(key)) ? key : null;
}

/**
 * Moves the labels an earlier version kept in DATA_DIR/labels into the store, once: each is copied
 * unless the store has it already, then removed from the folder, so a second start finds nothing to
 * move and an interrupted move resumes. Run at start-up, before the shop answers.
 */
export async function moveLabelFolderIntoStore(dataDir: string, files: FileStore): Promise<number> {
  const folder = path.join(dataDir, "labels");
  const entries = await fs.readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  let moved = 0;
  for (const entry of entries) {
    const key = entry.isFile() ? labelKey(entry.name) : null;
    // Left behind: half-written files of the old writer (".name.tmp") and anything no label could be.
    if (!key) continue;
    const file = path.join(folder, entry.name);
    if (!(await files.exists(key))) await files.put(key, new Uint8Array(await fs.readFile(file)), "application/pdf");
    await fs.rm(file);
    moved++;
  }
  if (moved > 0) logger.info({ moved, from: folder }, "labels moved into the file store");
  return moved;
}
