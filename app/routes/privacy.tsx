import { Cookie } from "lucide-react";
import { useConsent } from "~/components/consent/consent-provider";
import { PageHeader } from "~/components/layout/page-header";
import { buttonClass } from "~/components/ui/button";
import { metaSettings, useShopSettings } from "~/components/use-shop-settings";
import { CART_COOKIE_NAME } from "~/modules/cart/cart-cookie";
import { CONSENT_STORAGE_KEY } from "~/modules/consent/consent";
import { formatDate } from "~/modules/format/dates";
import { pageMeta } from "~/modules/seo/meta";
import { PROMO_DISMISSED_COOKIE } from "~/modules/settings/promo-bar-cookie";
import { CARRIER_NAME, CART_STORAGE_KEY } from "~/modules/shop/constants";
import { formatAddress } from "~/modules/shop/identity";
import type { Route } from "./+types/privacy";

const LAST_UPDATED = "2026-11-21";

export function meta({ matches }: Route.MetaArgs) {
  const { identity } = metaSettings(matches);
  return pageMeta(
    "Informativa sulla Privacy",
    `Come ${identity.legalName} tratta i dati personali di clienti e visitatori del negozio online, quali cookie usa e come esercitare i tuoi diritti.`,
  );
}

export default function Privacy() {
  const { openSettings } = useConsent();
  const { shop } = useShopSettings();

  return (
    <>
      <PageHeader eyebrow="Privacy" title="Informativa sulla Privacy">
        <p>
          Informativa ai sensi degli articoli 13 e 14 del Regolamento (UE) 2016/679 (GDPR) per chi visita il sito e
          acquista nel nostro negozio online. Ultimo aggiornamento: {formatDate(LAST_UPDATED, "long")}.
        </p>
      </PageHeader>

      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <article className="legal-text">
          <h2>1. Titolare del trattamento</h2>
          <p>
            Il titolare del trattamento è <strong>{shop.seller.legalName}</strong>, con sede in{" "}
            {formatAddress(shop.address)}, partita IVA {shop.seller.vatNumber}, REA {shop.seller.rea}. Per qualsiasi
            domanda sui tuoi dati puoi scrivere a <a href={`mailto:${shop.email}`}>{shop.email}</a> o chiamare il{" "}
            <a href={`tel:${shop.phone.international}`}>{shop.phone.display}</a>. Siamo un piccolo negozio e non abbiamo
            nominato un responsabile della protezione dei dati (DPO), non essendo obbligati a farlo.
          </p>

          <h2>2. Quali dati trattiamo</h2>
          <ul>
            <li>
              <strong>Dati di navigazione</strong>: indirizzo IP, tipo di browser, pagine richieste e orario, raccolti
              automaticamente dal server per far funzionare il sito e proteggerlo.
            </li>
            <li>
              <strong>Dati dell'account e degli ordini</strong>: nome, cognome, email, telefono, indirizzo di consegna,
              prodotti acquistati o prenotati e, se decidi di indicarla, la data di nascita per lo sconto di compleanno.
            </li>
            <li>
              <strong>Dati di pagamento</strong>: i pagamenti con carta, Apple Pay, Google Pay e Satispay sono gestiti
              direttamente dai fornitori dei servizi di pagamento; noi non vediamo né conserviamo i dati completi della
              tua carta.
            </li>
            <li>
              <strong>Messaggi e contributi</strong>: ciò che ci scrivi tramite il modulo di contatto, email o WhatsApp,
              le recensioni dei prodotti e i commenti al blog (con il nome che scegli di mostrare).
            </li>
            <li>
              <strong>Newsletter</strong>: il tuo indirizzo email e la data e l'ora della tua conferma di iscrizione.
            </li>
          </ul>

          <h2>3. Perché li trattiamo e su quale base giuridica</h2>
          <table>
            <thead>
              <tr>
                <th scope="col">Finalità</th>
                <th scope="col">Base giuridica (art. 6 GDPR)</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>Gestire account, ordini, prenotazioni, pagamenti, spedizioni, resi e garanzia</td>
                <td>Esecuzione del contratto o di misure precontrattuali richieste da te (lett. b)</td>
              </tr>
              <tr>
                <td>Adempiere agli obblighi fiscali e contabili</td>
                <td>Obbligo di legge (lett. c)</td>
              </tr>
              <tr>
                <td>Rispondere alle tue richieste di informazioni</td>
                <td>Misure precontrattuali su tua richiesta (lett. b)</td>
              </tr>
              <tr>
                <td>Pubblicare recensioni e commenti che decidi di inviarci</td>
                <td>Consenso, espresso inviando il contenuto (lett. a)</td>
              </tr>
              <tr>
                <td>Inviarti la newsletter</td>
                <td>Consenso, confermato tramite il link che ricevi via email (lett. a)</td>
              </tr>
              <tr>
                <td>Statistiche di utilizzo del sito (cookie analitici)</td>
                <td>Consenso, dato tramite il banner dei cookie (lett. a)</td>
              </tr>
              <tr>
                <td>Sicurezza del sito, prevenzione delle frodi, difesa in giudizio</td>
                <td>Legittimo interesse del titolare (lett. f)</td>
              </tr>
            </tbody>
          </table>
          <p>
            Fornire i dati necessari a un ordine è indispensabile per concluderlo; tutti gli altri conferimenti sono
            facoltativi. Non prendiamo decisioni basate unicamente su trattamenti automatizzati e non profiliamo i
            clienti a fini pubblicitari.
          </p>

          <h2>4. Per quanto tempo li conserviamo</h2>
          <ul>
            <li>Ordini, fatture e documenti contabili: 10 anni, come richiesto dall'art. 2220 del Codice civile.</li>
            <li>Account: finché resta attivo; puoi chiederne la cancellazione in qualsiasi momento.</li>
            <li>Richieste di contatto: il tempo necessario a rispondere e al massimo 12 mesi.</li>
            <li>Newsletter: fino a quando annulli l'iscrizione.</li>
            <li>Dati di navigazione nei registri del server: al massimo 30 giorni, salvo indagini su abusi.</li>
            <li>Dati statistici: al massimo 14 mesi, secondo le impostazioni dei servizi di analisi.</li>
          </ul>

          <h2>5. A chi li comunichiamo</h2>
          <p>
            I dati sono trattati dal personale del negozio autorizzato e, come responsabili del trattamento, da
            fornitori che ci aiutano a gestire il servizio: hosting e posta elettronica del sito, fornitori dei servizi
            di pagamento, il corriere {CARRIER_NAME} per le consegne, il nostro consulente fiscale. Con il tuo consenso
            ai cookie analitici, i dati di navigazione sono trattati anche da Google Ireland Ltd. (Google Analytics) e
            Microsoft Ireland Operations Ltd. (Microsoft Clarity). Questi due fornitori possono trasferire dati negli
            Stati Uniti, sulla base della decisione di adeguatezza della Commissione europea (EU-US Data Privacy
            Framework). Non vendiamo i tuoi dati a nessuno.
          </p>

          <h2>6. I tuoi diritti</h2>
          <p>
            In qualsiasi momento puoi chiedere di accedere ai tuoi dati, correggerli, cancellarli, limitarne il
            trattamento, riceverli in un formato leggibile (portabilità) e opporti al trattamento basato sul legittimo
            interesse (articoli 15-22 del GDPR). Puoi revocare un consenso dato senza che ciò incida sui trattamenti già
            svolti. Scrivi a <a href={`mailto:${shop.email}`}>{shop.email}</a>: ti rispondiamo entro un mese. Hai anche
            il diritto di proporre reclamo al Garante per la protezione dei dati personali (
            <a href="https://www.garanteprivacy.it" target="_blank" rel="noopener noreferrer">
              www.garanteprivacy.it
            </a>
            ).
          </p>
          <p>
            Il sito non è rivolto ai minori di 14 anni, che possono acquistare e registrarsi solo tramite un genitore.
          </p>

          <h2 id="cookie">7. Cookie e tecnologie simili</h2>
          <p>
            Come previsto dalle Linee guida del Garante sui cookie (10 giugno 2021), prima della tua scelta usiamo
            soltanto strumenti tecnici. Chiudere il banner con la X equivale a scegliere «Solo Necessari».
          </p>
          <h3>Strumenti tecnici (sempre attivi, non richiedono consenso)</h3>
          <ul>
            <li>
              <code>{CONSENT_STORAGE_KEY}</code> (memoria locale del browser): ricorda la tua scelta sui cookie; la
              chiediamo di nuovo se questa informativa cambia in modo rilevante.
            </li>
            <li>
              <code>{CART_STORAGE_KEY}</code> (memoria locale del browser): conserva i prodotti nel carrello.
            </li>
            <li>
              <code>{CART_COOKIE_NAME}</code> (cookie, 6 mesi): una copia di prodotti, taglie, colori e quantità del
              carrello, perché il carrello funzioni anche senza JavaScript.
            </li>
            <li>
              <code>{PROMO_DISMISSED_COOKIE}</code> (cookie, 12 mesi): ricorda che hai chiuso l'avviso promozionale.
            </li>
            <li>Cookie di sessione: ti mantengono connesso al tuo account e proteggono i moduli del sito.</li>
          </ul>
          <h3>Strumenti analitici (solo con il tuo consenso)</h3>
          <ul>
            <li>
              <strong>Google Analytics 4</strong> (cookie <code>_ga</code> e <code>_ga_*</code>, fino a 2 anni): misura
              le visite in forma aggregata, con indirizzo IP anonimizzato e senza segnali pubblicitari né
              personalizzazione degli annunci.
            </li>
            <li>
              <strong>Microsoft Clarity</strong> (cookie <code>_clck</code>, 12 mesi, e <code>_clsk</code>, 1 giorno):
              registra in forma anonima come si naviga nelle pagine (clic, scorrimento), mascherando i testi che digiti,
              per aiutarci a migliorare il sito.
            </li>
          </ul>
          <p>
            Se revochi il consenso, questi strumenti non vengono più caricati e i loro cookie vengono cancellati dal
            nostro sito. La mappa della pagina Contatti è fornita da OpenStreetMap e non usa cookie di profilazione.
          </p>
        </article>

        <div className="mt-8 flex flex-col items-start gap-3 rounded-md border border-sand bg-white p-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-ink-soft">Puoi rivedere o cambiare la tua scelta sui cookie in qualsiasi momento.</p>
          <button type="button" onClick={openSettings} className={buttonClass.primary}>
            <Cookie aria-hidden className="size-4" />
            Gestisci preferenze cookie
          </button>
        </div>
      </div>
    </>
  );
}
