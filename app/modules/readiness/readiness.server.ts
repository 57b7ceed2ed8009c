import { desc, eq, sql } from "drizzle-orm";
import type { Config } from "~/config.server";
import type { Database } from "~/db/client.server";
import { paymentEvents } from "~/db/schema";
import { backupOverview } from "~/modules/backups/nightly.server";
import type { MailTransport } from "~/modules/mail/transport.server";
import { readSettings } from "~/modules/settings/settings.server";
import { shop } from "~/modules/shop/identity";
import type { Services } from "~/services.server";
import {
  authSecretCheck,
  backupCheck,
  productPhotosCheck,
  proxyCheck,
  publicAddressCheck,
  type ReadinessCheck,
  sellerCheck,
} from "./checks";
import { courierCheck, mailCheck, paymentChecks } from "./outside-checks.server";

type ShopConfig = Pick<Config, "authSecret" | "trustProxy" | "s3">;

/** The headers a proxy adds to what it passes on. */
const proxyHeaders = ["forwarded", "x-forwarded-for", "x-forwarded-proto", "x-forwarded-host"];

/** Products on sale, and those of them with no photo of their own (only the demo's SVG illustrations, or none). */
async function photoCounts(db: Database): Promise<{ onSale: number; withoutPhotos: number }> {
  // Uploaded photos are stored as JPEG (product-images); the demo draws SVGs.
  const result = await db.execute<{ on_sale: number; without_photos: number }>(sql`
    select count(*)::int as on_sale,
           count(*) filter (where not exists (
             select 1 from product_images i where i.product_id = p.id and i.path not ilike '%.svg'
           ))::int as without_photos
    from products p
    where p.archived_at is null`);
  const [row] = result.rows;
  return { onSale: row?.on_sale ?? 0, withoutPhotos: row?.without_photos ?? 0 };
}

/** The checks that read only the shop itself: cheap enough for every load of the page. */
export async function localChecks(
  { db, clock, publicUrl }: Pick<Services, "db" | "clock" | "publicUrl">,
  config: ShopConfig,
  requestHeaders: Headers,
): Promise<ReadinessCheck[]> {
  const [settings, backups, photos] = await Promise.all([
    readSettings(db),
    backupOverview(db, config),
    photoCounts(db),
  ]);
  const newest = backups.backups.find((backup) => backup.createdAt !== null)?.createdAt ?? null;
  return [
    publicAddressCheck(publicUrl),
    authSecretCheck(config.authSecret),
    proxyCheck({
      trustProxy: config.trustProxy,
      forwarded: proxyHeaders.some((name) => requestHeaders.has(name)),
      publicUrl,
    }),
    backupCheck({
      folder: backups.folder,
      newest,
      lastError: backups.schedule?.lastError ?? null,
      unreadable: backups.unreadable,
      now: clock.now(),
    }),
    sellerCheck(settings.identity, shop.seller.rea),
    productPhotosCheck(photos),
  ];
}

/** When the provider's last webhook reached the shop, or null. */
async function lastWebhookAt(db: Database, provider: Services["payments"]["name"]): Promise<Date | null> {
  const [row] = await db
    .select({ receivedAt: paymentEvents.receivedAt })
    .from(paymentEvents)
    .where(eq(paymentEvents.provider, provider))
    .orderBy(desc(paymentEvents.receivedAt))
    .limit(1);
  return row?.receivedAt ?? null;
}

/** The checks that ask Stripe, GLS and the mail server, one harmless call each, side by side. */
export async function outsideChecks(
  { db, payments, carrier, publicUrl }: Pick<Services, "db" | "payments" | "carrier" | "publicUrl">,
  mail: MailTransport,
): Promise<ReadinessCheck[]> {
  const [settings, lastWebhook] = await Promise.all([readSettings(db), lastWebhookAt(db, payments.name)]);
  const [paymentResults, courier, mailResult] = await Promise.all([
    paymentChecks(payments, publicUrl, lastWebhook),
    courierCheck(carrier),
    mailCheck(mail, settings.identity.email),
  ]);
  return [...paymentResults, courier, mailResult];
}
