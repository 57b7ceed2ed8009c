import { createHmac, timingSafeEqual } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { orders } from "~/db/schema";
import { appSecret } from "~/modules/accounts/auth-secret.server";
import type { CurrentUser } from "~/modules/accounts/current-user";
import { isOrderId, shortOrderId } from "./order-views";

// Shipping labels are PDF files in DATA_DIR/labels; orders.shipping_label_path holds a file name
// relative to that folder. They carry customers' addresses, so they stay out of DATA_DIR/files,
// which /files serves to anyone (a path check in front of it is bypassed by "/files/%6cabels/…"):
// only findLabel's checks lead to one: the viewer must be the order's customer or an admin AND
// hold a link the shop signed in the last LABEL_LINK_MINUTES (a link copied out of a page or a
// browser history stops working).

/** How long a label link a page hands out keeps working. */
export const LABEL_LINK_MINUTES = 30;

export function labelsDir(dataDir: string): string {
  return path.join(dataDir, "labels");
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
  | { found: true; file: string; downloadName: string }
  /** The link was not signed by the shop for this order, or its time is over. */
  | { found: false; reason: "bad-link" | "expired-link" }
  /** No such order, or not one this user may see: the same answer, so ids cannot be probed. */
  | { found: false; reason: "no-order" }
  | { found: false; reason: "no-label" };

/** The label file of an order, for its customer or an admin holding a link from labelLink. */
export async function findLabel(
  db: Queryable,
  dataDir: string,
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

  const file = await labelFile(dataDir, order.labelPath);
  if (!file) return { found: false, reason: "no-label" };
  return { found: true, file, downloadName: `etichetta-${shortOrderId(orderId).slice(1)}.pdf` };
}

/**
 * The label files of several orders, in the order asked, for the admin's merged download (the admin
 * area's guard has checked the role); orders without a label file are left out.
 */
export async function labelFilesOfOrders(db: Queryable, dataDir: string, orderIds: string[]): Promise<string[]> {
  const ids = orderIds.filter(isOrderId);
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: orders.id, labelPath: orders.shippingLabelPath })
    .from(orders)
    .where(inArray(orders.id, ids));
  const pathOf = new Map(rows.map((row) => [row.id, row.labelPath]));
  const files: string[] = [];
  for (const id of ids) {
    const labelPath = pathOf.get(id);
    const file = labelPath ? await labelFile(dataDir, labelPath) : null;
    if (file) files.push(file);
  }
  return files;
}

/** The file of a stored label path, when it exists inside the labels folder. */
async function labelFile(dataDir: string, labelPath: string): Promise<string | null> {
  const folder = labelsDir(dataDir);
  const file = path.resolve(folder, labelPath);
  // A path leading out of the labels folder is treated as no label at all.
  if (!file.startsWith(folder + path.sep)) return null;
  const exists = await fs.stat(file).then(
    (stats) => stats.isFile(),
    () => false,
  );
  return exists ? file : null;
}
