import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { orders } from "~/db/schema";
import type { CurrentUser } from "~/modules/accounts/current-user";
import { isOrderId, shortOrderId } from "./order-views";

// Shipping labels are PDF files in DATA_DIR/labels; orders.shipping_label_path holds a file name
// relative to that folder. They carry customers' addresses, so they stay out of DATA_DIR/files,
// which /files serves to anyone (a path check in front of it is bypassed by "/files/%6cabels/…"):
// only findLabel's checks lead to one.

export function labelsDir(dataDir: string): string {
  return path.join(dataDir, "labels");
}

export type LabelLookup =
  | { found: true; file: string; downloadName: string }
  /** No such order, or not one this user may see: the same answer, so ids cannot be probed. */
  | { found: false; reason: "no-order" }
  | { found: false; reason: "no-label" };

/** The label file of an order, for its customer or an admin. */
export async function findLabel(
  db: Queryable,
  dataDir: string,
  orderId: string,
  viewer: Pick<CurrentUser, "id" | "role">,
): Promise<LabelLookup> {
  if (!isOrderId(orderId)) return { found: false, reason: "no-order" };
  const [order] = await db
    .select({ userId: orders.userId, labelPath: orders.shippingLabelPath })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || (viewer.role !== "admin" && order.userId !== viewer.id)) return { found: false, reason: "no-order" };
  if (!order.labelPath) return { found: false, reason: "no-label" };

  const folder = labelsDir(dataDir);
  const file = path.resolve(folder, order.labelPath);
  // A path leading out of the labels folder is treated as no label at all.
  if (!file.startsWith(folder + path.sep)) return { found: false, reason: "no-label" };
  const exists = await fs.stat(file).then(
    (stats) => stats.isFile(),
    () => false,
  );
  if (!exists) return { found: false, reason: "no-label" };
  return { found: true, file, downloadName: `etichetta-${shortOrderId(orderId).slice(1)}.pdf` };
}
