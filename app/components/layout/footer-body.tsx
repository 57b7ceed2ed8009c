import Clock from "lucide-react/icons/clock";
import MapPin from "lucide-react/icons/map-pin";
import Phone from "lucide-react/icons/phone";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useConsent } from "~/components/consent/consent-provider";
import { useShopSettings } from "~/components/use-shop-settings";
import { formatAddress } from "~/modules/shop/identity";
import { formatOpeningHours } from "~/modules/shop/opening-hours";
import { Logo } from "./logo";
import { PaymentMethods } from "./payment-methods";
import { FacebookIcon, InstagramIcon } from "./social-icons";

const shopLinks = [
  { to: "/shop", label: "Shop" },
  { to: "/donna", label: "Donna" },
  { to: "/uomo", label: "Uomo" },
  { to: "/bambini", label: "Bambini" },
];
const aboutLinks = [
  { to: "/chi-siamo", label: "Chi siamo" },
  { to: "/blog", label: "Blog" },
  { to: "/contact", label: "Contatti" },
];
const helpLinks = [
  { to: "/shipping", label: "Spedizioni e resi" },
  // The online withdrawal function, on every page (art. 54-bis Codice del Consumo).
  { to: "/recesso", label: "Recedi dal contratto qui" },
  { to: "/terms", label: "Termini e condizioni" },
  { to: "/privacy", label: "Privacy" },
];

const linkClass = "text-paper hover:text-white hover:underline underline-offset-4";

/** The footer below its newsletter band: links, the shop's address and hours, payment methods. */
export function FooterBody() {
  const { openSettings } = useConsent();
  const { shop } = useShopSettings();

  return (
    <>
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-14 sm:px-6 md:grid-cols-3 lg:grid-cols-[1.2fr_0.8fr_0.8fr_1fr_1.7fr] lg:gap-x-10">
        <div className="col-span-2 md:col-span-3 lg:col-span-1">
          <Logo tone="light" />
          <p className="mt-5 max-w-xs text-sm leading-relaxed text-paper-soft">
            {shop.tagline}. Donna, uomo e bambini, con la cura di un negozio di famiglia.
          </p>
          <ul className="mt-5 flex gap-2" aria-label="Seguici">
            <li>
              <a
                href={shop.social.instagram}
                target="_blank"
                rel="noopener noreferrer"
                aria-label="Instagram"
                className="flex size-10 items-center justify-center rounded-full ring-1 ring-paper/30 hover:bg-paper hover:text-ink"
              >
                <InstagramIcon className="size-5" />
              </a>
            </li>
            <li>
              <a
                href={shop.social.facebook}
                target="_blank"
                rel="noopener noreferrer"
                aria-label="Facebook"
                className="flex size-10 items-center justify-center rounded-full ring-1 ring-paper/30 hover:bg-paper hover:text-ink"
              >
                <FacebookIcon className="size-5" />
              </a>
            </li>
          </ul>
        </div>

        <FooterColumn title="Negozio" links={shopLinks} />
        <FooterColumn title="Vetrina" links={aboutLinks} />
        <FooterColumn title="Assistenza" links={helpLinks}>
          <li>
            <button type="button" onClick={openSettings} className={`${linkClass} cursor-pointer text-left`}>
              Preferenze cookie
            </button>
          </li>
        </FooterColumn>

        <section aria-labelledby="footer-visit" className="col-span-2 md:col-span-3 lg:col-span-1">
          <h2 id="footer-visit" className="font-sans text-xs font-semibold tracking-[0.2em] text-white uppercase">
            Vieni a trovarci
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li className="flex gap-3">
              <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-paper-soft" strokeWidth={1.5} />
              <address className="not-italic">{formatAddress(shop.address)}</address>
            </li>
            <li className="flex gap-3">
              <Phone aria-hidden className="mt-0.5 size-4 shrink-0 text-paper-soft" strokeWidth={1.5} />
              <a href={`tel:${shop.phone.international}`} className={linkClass}>
                {shop.phone.display}
              </a>
            </li>
            <li className="flex gap-3">
              <Clock aria-hidden className="mt-0.5 size-4 shrink-0 text-paper-soft" strokeWidth={1.5} />
              <dl className="space-y-1.5">
                {formatOpeningHours(shop.openingHours).map((row) => (
                  <div key={row.days}>
                    <dt className="text-paper-soft">{row.days}</dt>
                    <dd>{row.hours}</dd>
                  </div>
                ))}
              </dl>
            </li>
          </ul>
        </section>
      </div>

      <div className="border-t border-paper/15">
        <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 lg:flex-row lg:items-center lg:justify-between">
          <PaymentMethods />
          <p className="text-xs leading-relaxed text-paper-soft">
            © {new Date().getFullYear()} {shop.seller.legalName} · {formatAddress(shop.address)} · P.IVA{" "}
            {shop.seller.vatNumber} · REA {shop.seller.rea}
          </p>
        </div>
      </div>
    </>
  );
}

function FooterColumn({
  title,
  links,
  children,
}: {
  title: string;
  links: { to: string; label: string }[];
  children?: ReactNode;
}) {
  return (
    <nav aria-label={title}>
      <h2 className="font-sans text-xs font-semibold tracking-[0.2em] text-white uppercase">{title}</h2>
      <ul className="mt-4 space-y-2.5 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
        {children}
      </ul>
    </nav>
  );
}
