import { useShopSettings } from "~/components/use-shop-settings";
import { returnCostSentence } from "~/modules/settings/shop-settings";
import { REFUND_DAYS, WITHDRAWAL_DAYS } from "~/modules/shop/constants";

/** The return terms beside the withdrawal form, as the terms of sale state them. */
export function ReturnTerms() {
  const { shipping } = useShopSettings();
  return (
    <aside
      aria-labelledby="return-terms"
      className="self-start rounded-md border border-sand bg-linen p-6 text-sm text-ink"
    >
      <h2 id="return-terms" className="font-sans text-xs font-semibold tracking-[0.2em] text-ink-soft uppercase">
        Come funziona il reso
      </h2>
      <ul className="mt-4 list-disc space-y-2 pl-5 leading-relaxed">
        <li>
          Puoi recedere entro {WITHDRAWAL_DAYS} giorni dalla consegna o dal ritiro in negozio, anche prima di ricevere
          il pacco, senza indicare il motivo.
        </li>
        <li>{returnCostSentence(shipping)}</li>
        <li>Ti rimborsiamo entro {REFUND_DAYS} giorni, con lo stesso mezzo di pagamento che hai usato.</li>
        <li>
          Costumi e intimo con sigillo igienico: il recesso è accettato come richiesta e rimborsato solo se il sigillo è
          intatto, lo verifichiamo al ricevimento.
        </li>
      </ul>
    </aside>
  );
}
