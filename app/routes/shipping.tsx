import { Clock, PackageCheck, RotateCcw, Store, Truck } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { metaSettings, useShopSettings } from "~/components/use-shop-settings";
import { formatEuro } from "~/modules/format/numbers";
import { pageMeta } from "~/modules/seo/meta";
import type { ShippingSettings } from "~/modules/settings/settings";
import { returnCostSentence, shippingPriceText } from "~/modules/settings/shop-settings";
import {
  CARRIER_NAME,
  COURIER_ESTIMATE,
  DELIVERY_ATTEMPTS,
  DELIVERY_ESTIMATE,
  DELIVERY_PROBLEM_REPORT_HOURS,
  LEGAL_WARRANTY_YEARS,
  PARCEL_HOLD_WORKING_DAYS,
  REFUND_DAYS,
  WITHDRAWAL_DAYS,
} from "~/modules/shop/constants";
import { formatAddress } from "~/modules/shop/identity";
import { formatOpeningHours } from "~/modules/shop/opening-hours";
import type { Route } from "./+types/shipping";

export function meta({ matches }: Route.MetaArgs) {
  const { shipping } = metaSettings(matches);
  return pageMeta(
    "Spedizioni e resi",
    `Consegna con ${CARRIER_NAME} in ${DELIVERY_ESTIMATE} dall'ordine, ${shippingPriceText(shipping)}. Ritiro in negozio gratuito, reso entro ${WITHDRAWAL_DAYS} giorni.`,
  );
}

const highlightsOf = (shipping: ShippingSettings) => [
  { icon: Truck, title: "Spedizione", text: shippingPriceText(shipping) },
  { icon: Clock, title: "Consegna", text: `${DELIVERY_ESTIMATE} dall'ordine, con ${CARRIER_NAME}` },
  { icon: Store, title: "Ritiro in negozio", text: "Sempre gratuito" },
  { icon: RotateCcw, title: "Reso", text: `Entro ${WITHDRAWAL_DAYS} giorni dalla consegna` },
];

export default function Shipping() {
  const { shop, shipping } = useShopSettings();
  const highlights = highlightsOf(shipping);
  return (
    <>
      <PageHeader eyebrow="Assistenza" title="Spedizioni e resi">
        <p>Come ti arrivano i tuoi acquisti, come ritirarli in negozio e come restituirli se non vanno bene.</p>
      </PageHeader>

      <section aria-label="In breve" className="border-b border-sand">
        <ul className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
          {highlights.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3">
              <Icon aria-hidden className="mt-0.5 size-6 shrink-0 text-wine" strokeWidth={1.25} />
              <div>
                <p className="font-semibold text-ink">{title}</p>
                <p className="text-sm text-ink-soft">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <article className="legal-text">
          <h2>Spedizione a domicilio</h2>
          <p>
            Spediamo con il corriere espresso <strong>{CARRIER_NAME}</strong>. Dall'ordine alla consegna passano in
            tutto <strong>{DELIVERY_ESTIMATE}</strong>: prepariamo il pacco e, una volta affidato al corriere, arriva in{" "}
            {COURIER_ESTIMATE}. Quando il pacco parte ricevi un'email con il codice di tracciamento per seguirlo; se hai
            un account lo trovi anche in «I miei ordini».
          </p>
          <table>
            <thead>
              <tr>
                <th scope="col">Modalità</th>
                <th scope="col">Costo</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>Spedizione a domicilio</td>
                <td>{formatEuro(shipping.feeCents)}</td>
              </tr>
              {shipping.freeShippingThresholdCents !== null && (
                <tr>
                  <td>Spedizione a domicilio, ordini da {formatEuro(shipping.freeShippingThresholdCents)}</td>
                  <td>Gratuita</td>
                </tr>
              )}
              <tr>
                <td>Ritiro in negozio, pagato online</td>
                <td>Gratuito</td>
              </tr>
              <tr>
                <td>Prenotazione online, pagamento in negozio</td>
                <td>Gratuito</td>
              </tr>
            </tbody>
          </table>

          <h2>Mancata consegna e giacenza</h2>
          <p>
            Il corriere tenta la consegna {DELIVERY_ATTEMPTS} volte. Se non trova nessuno, il pacco resta in giacenza
            presso {CARRIER_NAME} per <strong>{PARCEL_HOLD_WORKING_DAYS} giorni lavorativi</strong> dopo il secondo
            tentativo: in questo periodo puoi concordare con il corriere una nuova consegna o il ritiro in filiale.
            Trascorso questo termine il pacco torna a noi e ti contattiamo per decidere insieme come procedere.
          </p>

          <h2>Problemi alla consegna</h2>
          <p>
            Controlla il pacco quando lo ricevi. Se è danneggiato, aperto o incompleto, scrivici entro{" "}
            <strong>{DELIVERY_PROBLEM_REPORT_HOURS} ore</strong> dalla consegna a{" "}
            <a href={`mailto:${shop.email}`}>{shop.email}</a>, possibilmente con qualche foto: così possiamo aprire la
            pratica con il corriere e risolvere in fretta.
          </p>

          <h2>Ritiro in negozio</h2>
          <p>
            Scegli il ritiro al checkout: paghi online oppure prenoti e paghi direttamente in negozio. Ti scriviamo
            quando l'ordine è pronto; passa a prenderlo in {formatAddress(shop.address)} negli orari di apertura:
          </p>
          <ul>
            {formatOpeningHours(shop.openingHours).map((row) => (
              <li key={row.days}>
                {row.days}: {row.hours}
              </li>
            ))}
          </ul>

          <h2>Resi e rimborsi</h2>
          <p>
            Hai <strong>{WITHDRAWAL_DAYS} giorni</strong> dalla consegna per restituire ciò che non ti convince, senza
            dover spiegare il motivo. Scrivici a <a href={`mailto:${shop.email}`}>{shop.email}</a> indicando il numero
            d'ordine e gli articoli da rendere: ti inviamo le istruzioni per la spedizione. Puoi anche riportarli
            direttamente in negozio. Oppure usa la funzione online <Link to="/recesso">Recedi dal contratto qui</Link>:
            ricevi subito la conferma via email.
          </p>
          <ul>
            <li>{returnCostSentence(shipping)}</li>
            <li>
              Gli articoli devono essere integri, non lavati e con le etichette. Per motivi igienici slip, culotte,
              costumi da bagno e capi di intimo a contatto con la pelle si possono rendere solo con il sigillo o la
              protezione igienica intatti.
            </li>
            <li>
              Ti rimborsiamo entro <strong>{REFUND_DAYS} giorni</strong> dalla tua richiesta di reso, con lo stesso
              metodo di pagamento usato per l'acquisto, dopo aver ricevuto gli articoli o la prova della spedizione.
            </li>
          </ul>

          <h2>Garanzia</h2>
          <p>
            Tutti i prodotti hanno la garanzia legale di conformità di {LEGAL_WARRANTY_YEARS} anni. Se un capo ha un
            difetto, scrivici: lo sostituiamo, lo ripariamo o ti rimborsiamo. Trovi tutte le condizioni nei{" "}
            <Link to="/terms">Termini e condizioni</Link>.
          </p>
        </article>

        <aside className="mt-10 flex max-w-3xl gap-4 rounded-md border border-sand bg-white p-6">
          <PackageCheck aria-hidden className="size-6 shrink-0 text-wine" strokeWidth={1.25} />
          <p className="text-ink-soft">
            Hai una domanda sul tuo ordine? Chiamaci al{" "}
            <a href={`tel:${shop.phone.international}`} className="text-wine underline underline-offset-2">
              {shop.phone.display}
            </a>{" "}
            o passa dalla pagina{" "}
            <Link to="/contact" className="text-wine underline underline-offset-2">
              Contatti
            </Link>
            .
          </p>
        </aside>
      </div>
    </>
  );
}
