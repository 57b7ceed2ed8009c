import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { metaSettings, useShopSettings } from "~/components/use-shop-settings";
import { formatEuro } from "~/modules/format/numbers";
import { pageMeta } from "~/modules/seo/meta";
import { returnCostSentence } from "~/modules/settings/shop-settings";
import {
  CARRIER_NAME,
  DELIVERY_WORKING_DAYS,
  LEGAL_WARRANTY_YEARS,
  REFUND_DAYS,
  SECOND_SWIMSUIT_DISCOUNT_PERCENT,
  WITHDRAWAL_DAYS,
} from "~/modules/shop/constants";
import { formatAddress } from "~/modules/shop/identity";
import type { Route } from "./+types/terms";

export function meta({ matches }: Route.MetaArgs) {
  const { identity } = metaSettings(matches);
  return pageMeta(
    "Termini e condizioni di vendita",
    `Condizioni generali di vendita del negozio online ${identity.name}: prezzi IVA inclusa, pagamenti, consegna, diritto di recesso entro ${WITHDRAWAL_DAYS} giorni, rimborsi e garanzia legale.`,
  );
}

export default function Terms() {
  const { shop, shipping, discounts } = useShopSettings();
  return (
    <>
      <PageHeader eyebrow="Termini e condizioni" title="Condizioni generali di vendita">
        <p>
          Le regole che valgono per ogni acquisto e prenotazione sul nostro negozio online, scritte nel modo più chiaro
          possibile.
        </p>
      </PageHeader>

      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <article className="legal-text">
          <h2>1. Chi vende</h2>
          <p>
            Il venditore è <strong>{shop.seller.legalName}</strong>, con sede in {formatAddress(shop.address)}, partita
            IVA {shop.seller.vatNumber}, REA {shop.seller.rea}, email <a href={`mailto:${shop.email}`}>{shop.email}</a>,
            telefono <a href={`tel:${shop.phone.international}`}>{shop.phone.display}</a>.
          </p>

          <h2>2. A chi si applicano</h2>
          <p>
            Queste condizioni regolano le vendite a distanza concluse tramite questo sito con clienti consumatori, ai
            sensi del Codice del Consumo (D.Lgs. 206/2005). Per acquistare devi avere almeno 18 anni o agire con il
            consenso di un genitore. Con l'invio dell'ordine dichiari di aver letto e accettato queste condizioni e l'
            <Link to="/privacy">Informativa sulla Privacy</Link>.
          </p>

          <h2>3. Prodotti e prezzi</h2>
          <p>
            Tutti i prezzi sono in euro e comprendono l'IVA. Le spese di spedizione, quando dovute, sono indicate prima
            della conferma dell'ordine. Quando un prodotto è in promozione indichiamo anche il prezzo più basso
            applicato nei 30 giorni precedenti. Le fotografie rappresentano i prodotti il più fedelmente possibile;
            piccole differenze di colore possono dipendere dallo schermo.
          </p>

          <h2>4. Ordine e conclusione del contratto</h2>
          <p>
            Il contratto si conclude quando ricevi la nostra email di conferma dell'ordine. Se un articolo risultasse
            non disponibile dopo l'ordine, ti avvisiamo e ti rimborsiamo subito l'importo pagato per quell'articolo.
          </p>

          <h2>5. Sconti</h2>
          <ul>
            {discounts.firstOrderEnabled && (
              <li>
                Primo acquisto: {discounts.firstOrderPercent}% di sconto sul primo ordine effettuato con il tuo
                indirizzo email, applicato automaticamente al checkout.
              </li>
            )}
            {discounts.birthdayEnabled && (
              <li>
                Compleanno: {discounts.birthdayPercent}% di sconto, una volta all'anno nel mese del tuo compleanno, se
                hai indicato la data di nascita nel tuo profilo.
              </li>
            )}
            {discounts.secondSwimsuitEnabled && (
              <li>
                Promo Extra 2° Costume: acquistando più costumi (bikini e interi), ogni due costumi quello meno caro ha
                il {SECOND_SWIMSUIT_DISCOUNT_PERCENT}% di sconto.
              </li>
            )}
          </ul>
          <p>
            Gli sconti sull'ordine (primo acquisto, compleanno, codici promozionali) non si sommano: si applica sempre
            quello più conveniente per te.
          </p>

          <h2>6. Pagamento</h2>
          <p>
            Puoi pagare online con carta di credito, di debito o prepagata (Visa, Mastercard, American Express), con i
            portafogli digitali Apple Pay e Google Pay oppure con Satispay. Il pagamento avviene su una pagina sicura
            del fornitore del servizio di pagamento: non vediamo né conserviamo i dati della tua carta. In alternativa
            puoi prenotare online gli articoli e pagarli direttamente in negozio al momento del ritiro.
          </p>

          <h2>7. Consegna e ritiro in negozio</h2>
          <p>
            Spediamo con il corriere {CARRIER_NAME}. La consegna avviene di norma in{" "}
            {`${DELIVERY_WORKING_DAYS.min}-${DELIVERY_WORKING_DAYS.max}`} giorni lavorativi dall'ordine. La spedizione
            costa {formatEuro(shipping.feeCents)}
            {shipping.freeShippingThresholdCents !== null &&
              ` ed è gratuita per ordini a partire da ${formatEuro(shipping.freeShippingThresholdCents)}`}
            . Il ritiro in negozio a {shop.address.town} è sempre gratuito. Tutti i dettagli sono nella pagina{" "}
            <Link to="/shipping">Spedizioni e resi</Link>.
          </p>

          <h2>8. Diritto di recesso</h2>
          <p>
            Hai {WITHDRAWAL_DAYS} giorni dal giorno in cui ricevi la merce per recedere dal contratto senza dover dare
            spiegazioni (articoli 52 e seguenti del Codice del Consumo). Per farlo comunicaci la tua decisione via email
            a <a href={`mailto:${shop.email}`}>{shop.email}</a> e rispediscici gli articoli, integri e con le etichette,
            entro {WITHDRAWAL_DAYS} giorni dalla comunicazione.
          </p>
          <p>
            Il modo più semplice è la funzione online <Link to="/recesso">Recedi dal contratto qui</Link>, che trovi in
            fondo a ogni pagina e accanto a ogni ordine in I miei ordini: indichi l'ordine e gli articoli, confermi con
            «Conferma recesso» e ricevi subito via email la conferma, con la data e l'ora del recesso.
          </p>
          <p>
            {returnCostSentence(shipping)} Per motivi igienici non possono essere restituiti slip, culotte, costumi da
            bagno e altri capi di intimo a contatto con la pelle se il sigillo o la protezione igienica sono stati
            rimossi (art. 59, lettera e, del Codice del Consumo).
          </p>

          <h2>9. Rimborso</h2>
          <p>
            Ti rimborsiamo entro {REFUND_DAYS} giorni dal momento in cui riceviamo la tua comunicazione di recesso, con
            lo stesso metodo di pagamento che hai usato. Possiamo attendere di aver ricevuto gli articoli, o la prova
            della loro spedizione, prima di eseguire il rimborso.
          </p>

          <h2>10. Garanzia legale</h2>
          <p>
            Tutti i prodotti sono coperti dalla garanzia legale di conformità di {LEGAL_WARRANTY_YEARS} anni dalla
            consegna (articoli 128 e seguenti del Codice del Consumo). Se un articolo presenta un difetto, scrivici: lo
            ripariamo, lo sostituiamo o, se non è possibile, ti rimborsiamo.
          </p>

          <h2>11. Legge applicabile e reclami</h2>
          <p>
            Il contratto è regolato dalla legge italiana. Per qualsiasi problema scrivici: rispondiamo sempre. Per le
            controversie è competente il giudice del luogo in cui risiedi o hai il domicilio.
          </p>
        </article>
      </div>
    </>
  );
}
