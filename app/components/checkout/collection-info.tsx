import { useShopSettings } from "~/components/use-shop-settings";
import { RESERVATION_HOLD_DAYS } from "~/modules/shop/constants";
import { formatAddress } from "~/modules/shop/identity";
import { formatOpeningHours } from "~/modules/shop/opening-hours";

/**
 * Where and when to collect an order in the shop; for a reservation, what to bring and how to pay:
 * `to-confirm` on the summary before 'Conferma Prenotazione', `confirmed` after it.
 */
export function CollectionInfo({ reservation }: { reservation?: "to-confirm" | "confirmed" }) {
  const { shop } = useShopSettings();
  return (
    <div className="rounded-md bg-linen p-5 text-sm text-ink">
      <h2 className="text-lg">Dove ritirare</h2>
      <p className="mt-2">
        {shop.name}, {formatAddress(shop.address)}
      </p>
      {reservation === "confirmed" && (
        <p className="mt-2">
          Porta con te il numero della prenotazione (lo trovi nell'email di conferma). Gli articoli restano riservati
          per {RESERVATION_HOLD_DAYS} giorni; li paghi al ritiro, in contanti o con carta.
        </p>
      )}
      {reservation === "to-confirm" && (
        <p className="mt-2">
          Confermata la prenotazione, ti mandiamo per email il suo numero: portalo con te al ritiro. Gli articoli
          restano riservati per {RESERVATION_HOLD_DAYS} giorni; li paghi al ritiro, in contanti o con carta.
        </p>
      )}
      <h3 className="mt-4 font-sans text-xs font-semibold tracking-[0.2em] text-ink-soft uppercase">
        Orari di apertura
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {formatOpeningHours(shop.openingHours).map(({ days, hours }) => (
          <div key={days} className="contents">
            <dt className="text-ink-soft">{days}</dt>
            <dd>{hours}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
