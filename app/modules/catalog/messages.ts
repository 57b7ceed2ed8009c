import { formatInteger } from "~/modules/format/numbers";

// The catalogue's page messages, word for word as the shop shows them.

export const catalogMessages = {
  loadFailed: (detail: string) => `Impossibile caricare i prodotti: ${detail}`,
  featuredLoadFailed: "Impossibile caricare prodotti (nuovi)",
  categoriesLoadFailed: "Errore nel caricamento delle categorie",
  noFilterResults: "Nessun prodotto trovato per i filtri selezionati.",
  noSelectionResults: "Nessun prodotto trovato per questa selezione.",
  noFeatured: "Nessun prodotto in evidenza al momento.",
  emptySection: "Nessun prodotto in questa sezione",
  emptySectionHint: "I prodotti saranno presto disponibili.",
  endOfList: "Hai visto tutti i prodotti.",
} as const;

/** The {detail} of a failed load, in words a shopper understands (the technical cause goes to the log). */
export const loadFailureDetails = {
  server: "errore del server, riprova tra qualche istante.",
  network: "connessione non riuscita, controlla la rete e riprova.",
} as const;

/** "1 prodotto", "24 prodotti" */
export function productCountText(count: number): string {
  return count === 1 ? "1 prodotto" : `${formatInteger(count)} prodotti`;
}
