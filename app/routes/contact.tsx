import { Clock, Mail, MapPin, MessageCircle, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { data } from "react-router";
import { ContactForm } from "~/components/contact/contact-form";
import { PageHeader } from "~/components/layout/page-header";
import { metaSettings, useShopSettings } from "~/components/use-shop-settings";
import { logger } from "~/logger.server";
import { CONTACT_LIMITS, contactFormMessages } from "~/modules/contact/contact";
import { contactMessageSchema, sendContactMessage } from "~/modules/contact/messages.server";
import { prefilledSubject } from "~/modules/contact/price-request";
import { contactLimit } from "~/modules/contact/rate-limits.server";
import type { ActionResult } from "~/modules/forms/action-result";
import { readForm } from "~/modules/forms/read-form.server";
import { formRateLimit } from "~/modules/security/form-rate-limit.server";
import { honeypotFilled } from "~/modules/security/honeypot";
import { clientIp } from "~/modules/security/rate-limit.server";
import { pageMeta } from "~/modules/seo/meta";
import { storeJsonLd } from "~/modules/seo/structured-data";
import { shopIdentity } from "~/modules/settings/shop-settings";
import { formatAddress, shop as identityFile, whatsappLink } from "~/modules/shop/identity";
import { formatOpeningHours } from "~/modules/shop/opening-hours";
import { services } from "~/services.server";
import type { Route } from "./+types/contact";

/** A link may fill in the subject (a product without a price asks for it). */
export function loader({ url }: Route.LoaderArgs) {
  return { subject: prefilledSubject(url, CONTACT_LIMITS.subject) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = services(context);
  const limited = await formRateLimit(db, contactLimit, request);
  if (limited) return limited;
  const form = await readForm(request);
  // A bot filled the hidden field: it gets the usual answer and nothing is stored.
  if (honeypotFilled(form)) return data<ActionResult>({ ok: true });

  const parsed = contactMessageSchema.safeParse({
    name: form.get("name") ?? "",
    email: form.get("email") ?? "",
    subject: form.get("subject") ?? "",
    message: form.get("message") ?? "",
  });
  if (!parsed.success) return failed(parsed.error.issues[0]?.message ?? contactFormMessages.failed, 400);
  try {
    await sendContactMessage(db, { ...parsed.data, ip: clientIp(request) });
  } catch (error) {
    logger.error({ err: error }, "contact message not stored");
    return failed(contactFormMessages.failed, 500);
  }
  return data<ActionResult>({ ok: true });
}

function failed(description: string, status: number) {
  return data<ActionResult>({ ok: false, notice: { title: "Errore", description } }, { status });
}

export function meta({ matches }: Route.MetaArgs) {
  const shop = shopIdentity(metaSettings(matches));
  return [
    ...pageMeta(
      "Contatti",
      `Indirizzo, telefono, email e orari di ${shop.name}: ${formatAddress(shop.address)}. Scrivici o vieni a trovarci in negozio.`,
    ),
    { "script:ld+json": storeJsonLd(shop) },
  ];
}

// OpenStreetMap's embed sets no tracking cookies, so the map can show before any consent.
const { latitude, longitude } = identityFile.geo;
const mapEmbedUrl = `https://www.openstreetmap.org/export/embed.html?${new URLSearchParams({
  bbox: [longitude - 0.006, latitude - 0.003, longitude + 0.006, latitude + 0.003].map((n) => n.toFixed(5)).join(","),
  layer: "mapnik",
  marker: `${latitude},${longitude}`,
})}`;
const mapPageUrl = `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;

function ContactItem({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-4 py-5">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-linen text-wine">{icon}</span>
      <div>
        <h2 className="font-sans text-xs font-semibold tracking-[0.2em] text-ink-soft uppercase">{title}</h2>
        <div className="mt-1 text-ink">{children}</div>
      </div>
    </div>
  );
}

const linkClass = "text-ink underline decoration-wine/50 underline-offset-4 hover:text-wine";

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { shop } = useShopSettings();
  return (
    <>
      <PageHeader eyebrow="Contatti" title="Siamo qui per aiutarti">
        <p>
          Per una taglia, un regalo o un ordine online: chiamaci, scrivici o passa a trovarci in negozio a{" "}
          {shop.address.town}.
        </p>
      </PageHeader>

      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-12 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:py-16">
        <section aria-label="Recapiti" className="divide-y divide-sand">
          <ContactItem icon={<MapPin aria-hidden className="size-5" strokeWidth={1.5} />} title="Indirizzo">
            <address className="not-italic">
              {shop.seller.legalName}
              <br />
              {shop.address.street}
              <br />
              {shop.address.postalCode} {shop.address.town} ({shop.address.province})
            </address>
          </ContactItem>
          <ContactItem icon={<Phone aria-hidden className="size-5" strokeWidth={1.5} />} title="Telefono">
            <a href={`tel:${shop.phone.international}`} className={linkClass}>
              {shop.phone.display}
            </a>
          </ContactItem>
          <ContactItem icon={<Mail aria-hidden className="size-5" strokeWidth={1.5} />} title="Email">
            <a href={`mailto:${shop.email}`} className={linkClass}>
              {shop.email}
            </a>
          </ContactItem>
          <ContactItem icon={<MessageCircle aria-hidden className="size-5" strokeWidth={1.5} />} title="WhatsApp">
            <a
              href={whatsappLink("Ciao! Vorrei un'informazione.", shop.whatsappNumber)}
              target="_blank"
              rel="noopener noreferrer"
              className={linkClass}
            >
              Scrivici su WhatsApp
            </a>
          </ContactItem>
          <ContactItem icon={<Clock aria-hidden className="size-5" strokeWidth={1.5} />} title="Orari di apertura">
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
              {formatOpeningHours(shop.openingHours).map((row) => (
                <div key={row.days} className="contents">
                  <dt className="text-ink-soft">{row.days}</dt>
                  <dd>{row.hours}</dd>
                </div>
              ))}
            </dl>
          </ContactItem>
        </section>

        <section aria-labelledby="map-title">
          <h2 id="map-title" className="sr-only">
            Mappa
          </h2>
          <div className="aspect-[4/3] overflow-hidden rounded-md border border-sand bg-linen">
            <iframe
              title={`Mappa: ${shop.name}, ${formatAddress(shop.address)}`}
              src={mapEmbedUrl}
              loading="lazy"
              className="size-full"
            />
          </div>
          <a
            href={mapPageUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={`mt-3 inline-flex items-center gap-2 text-sm ${linkClass}`}
          >
            <MapPin aria-hidden className="size-4" strokeWidth={1.5} />
            Apri la mappa
          </a>
        </section>
      </div>

      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <div className="max-w-3xl rounded-md border border-sand bg-white p-6 sm:p-10">
          <ContactForm result={actionData} subject={loaderData.subject} />
        </div>
      </div>
    </>
  );
}
