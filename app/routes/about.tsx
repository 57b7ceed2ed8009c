import { CalendarHeart, MessageCircle } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { ratingValueText, StoreRating } from "~/components/shop/store-rating";
import { buttonClass } from "~/components/ui/button";
import { metaSettings, useShopSettings } from "~/components/use-shop-settings";
import { shopAdvisers, shopStaff, shopStory } from "~/modules/marketing/story";
import { pageMeta } from "~/modules/seo/meta";
import { shopIdentity } from "~/modules/settings/shop-settings";
import { whatsappLink } from "~/modules/shop/identity";
import type { Route } from "./+types/about";

export function meta({ matches }: Route.MetaArgs) {
  const shop = shopIdentity(metaSettings(matches));
  return pageMeta(
    "Chi siamo",
    `La storia di ${shop.name}, negozio di intimo e abbigliamento a ${shop.address.town} dal ${shop.foundedYear}: le nostre consulenti, il nostro staff e il nostro modo di consigliarti.`,
  );
}

function initials(name: string): string {
  return name
    .split(" ")
    .map((word) => word[0])
    .join("");
}

export default function About() {
  const { shop } = useShopSettings();
  return (
    <>
      <PageHeader eyebrow="Chi siamo" title={`Dal ${shop.foundedYear}, il negozio di fiducia di ${shop.address.town}`}>
        <p>
          Intimo, pigiameria e abbigliamento per donna, uomo e bambini. Da tre generazioni scegliamo con cura ogni capo
          e lo consigliamo come faremmo con un'amica.
        </p>
      </PageHeader>

      <section aria-labelledby="story-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:py-24">
        <div className="grid gap-10 lg:grid-cols-[1fr_2fr] lg:gap-20">
          <h2 id="story-title" className="text-3xl text-ink sm:text-4xl">
            La nostra storia
          </h2>
          <div className="space-y-5 text-lg leading-relaxed text-ink-soft">
            {shopStory.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="advisers-title" className="bg-blush">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[2fr_1fr] lg:items-center lg:py-20">
          <div>
            <h2 id="advisers-title" className="text-3xl text-ink sm:text-4xl">
              Le nostre consulenti
            </h2>
            <p className="mt-5 max-w-2xl text-lg leading-relaxed text-ink-soft">{shopAdvisers}</p>
          </div>
          <div className="flex flex-col gap-3">
            <a
              href={shop.sizeConsultationBookingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass.primary}
            >
              <CalendarHeart aria-hidden className="size-4" />
              Prenota una consulenza taglia
            </a>
            <a
              href={whatsappLink("Ciao! Vorrei un consiglio su una taglia.", shop.whatsappNumber)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass.secondary}
            >
              <MessageCircle aria-hidden className="size-4" />
              Scrivici su WhatsApp
            </a>
          </div>
        </div>
      </section>

      <section aria-labelledby="staff-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:py-24">
        <h2 id="staff-title" className="text-3xl text-ink sm:text-4xl">
          Il nostro staff
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {shopStaff.map((member) => (
            <li key={member.name} className="rounded-md border border-sand bg-white p-6">
              <span
                aria-hidden
                className="flex size-16 items-center justify-center rounded-full bg-linen font-display text-xl tracking-widest text-wine"
              >
                {initials(member.name)}
              </span>
              <h3 className="mt-5 text-xl text-ink">{member.name}</h3>
              <p className="mt-1 text-xs font-semibold tracking-[0.18em] text-wine uppercase">{member.role}</p>
              <p className="mt-4 text-sm leading-relaxed text-ink-soft">{member.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="rating-title" className="border-t border-sand">
        <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center sm:px-6 lg:py-20">
          <h2 id="rating-title" className="text-3xl text-ink sm:text-4xl">
            Cosa dicono di noi
          </h2>
          <p className="mt-6 font-display text-7xl text-ink">{ratingValueText}</p>
          <StoreRating className="mt-3 justify-center" />
          <p className="mt-6 text-ink-soft">
            Grazie a chi ci sceglie ogni giorno. Vieni a conoscerci in negozio: ti aspettiamo in{" "}
            <Link to="/contact" className="text-wine underline underline-offset-2">
              {shop.address.street}
            </Link>
            .
          </p>
        </div>
      </section>
    </>
  );
}
