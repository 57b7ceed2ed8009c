// Words the demo catalogue builds names, descriptions and reviews from. Data only.
import type { Gender } from "~/modules/catalog/values";

// ---------------------------------------------------------------------------
// Words for names, texts and reviews
// ---------------------------------------------------------------------------

export const modelLines: Record<Gender, string[]> = {
  Donna: [
    "Giada",
    "Ortensia",
    "Matilde",
    "Viola",
    "Camelia",
    "Ginevra",
    "Aurora",
    "Margherita",
    "Beatrice",
    "Gardenia",
    "Iris",
    "Azalea",
    "Dalia",
    "Flavia",
    "Gemma",
    "Ilaria",
    "Mimosa",
    "Nora",
    "Tea",
    "Vittoria",
    "Allegra",
    "Carlotta",
    "Eleonora",
    "Greta",
    "Lavinia",
    "Noemi",
    "Olimpia",
    "Selene",
    "Sveva",
    "Adele",
  ],
  Uomo: [
    "Brera",
    "Levante",
    "Maestrale",
    "Scirocco",
    "Libeccio",
    "Ponente",
    "Grecale",
    "Portofino",
    "Amalfi",
    "Cortina",
    "Asolo",
    "Bellagio",
    "Urbino",
    "Ravello",
    "Sirmione",
    "Lerici",
    "Spoleto",
    "Bormio",
  ],
  Bambini: [
    "Birba",
    "Coccinella",
    "Girotondo",
    "Scoiattolo",
    "Lucciola",
    "Trottola",
    "Pulcino",
    "Orsetto",
    "Folletto",
    "Marmotta",
    "Farfalla",
    "Arcobaleno",
    "Stellina",
    "Leprotto",
    "Aquilone",
  ],
};

export const closings: Record<Gender, string[]> = {
  Donna: [
    "Firmato {brand}, è un capo da tenere sempre a portata di mano.",
    "Una proposta {brand} che unisce comfort e cura dei dettagli.",
    "{brand} lo ha pensato per accompagnarti in ogni momento della giornata.",
  ],
  Uomo: [
    "Un classico {brand} che non passa mai di moda.",
    "Pensato da {brand} per chi non rinuncia alla comodità.",
    "Essenziale e ben rifinito, come tutta la linea {brand}.",
  ],
  Bambini: [
    "Resistente ai giochi e ai lavaggi, firmato {brand}.",
    "{brand} lo ha pensato per i più piccoli: morbido, colorato e facile da indossare.",
    "Comodo dal primo all'ultimo gioco della giornata, firmato {brand}.",
  ],
};

export const fitNotes = [
  "Vestibilità regolare: consigliamo la taglia abituale.",
  "Vestibilità regolare: consigliamo la taglia abituale.",
  "Veste leggermente piccolo: se sei tra due taglie scegli la più grande.",
  "Vestibilità morbida: per un effetto più aderente scegli una taglia in meno.",
];

export const origins = [
  "Prodotto in Italia.",
  "Prodotto in Italia.",
  "Tessuto italiano, confezionato in Portogallo.",
  "Confezionato in Romania con filati italiani.",
  "Prodotto in Europa.",
];

export const reviewAuthors = [
  "Giulia R.",
  "Francesca M.",
  "Chiara B.",
  "Sara L.",
  "Valentina C.",
  "Elena P.",
  "Martina G.",
  "Federica S.",
  "Alessandra T.",
  "Paola V.",
  "Anna D.",
  "Silvia F.",
  "Roberta N.",
  "Laura A.",
  "Monica Z.",
  "Marco R.",
  "Luca B.",
  "Andrea C.",
  "Giuseppe M.",
  "Stefano P.",
  "Davide L.",
  "Matteo G.",
  "Paolo F.",
  "Antonio S.",
];

export type Rating = 1 | 2 | 3 | 4 | 5;

export const reviewOpenings: Record<Rating, string[]> = {
  5: [
    "Bellissimo, esattamente come in foto.",
    "Qualità eccellente, lo ricomprerei subito.",
    "Acquisto perfetto e consegna rapidissima.",
    "Davvero un ottimo acquisto, il tessuto è morbidissimo.",
    "Comodo e ben rifinito, lo consiglio a tutti.",
    "Ottimo rapporto qualità-prezzo.",
    "Secondo acquisto di questo articolo: non delude mai.",
  ],
  4: [
    "Buona qualità, il colore dal vivo è un po' più scuro.",
    "Mi piace molto, la spedizione però ha richiesto qualche giorno in più.",
    "Comodo, avrei preferito un tessuto appena più spesso.",
    "Bel capo, ben cucito. Tolgo una stella solo per il prezzo.",
  ],
  3: ["Carino ma nella media.", "Discreto, dopo qualche lavaggio ha perso un po' di morbidezza."],
  2: [
    "Non mi ha convinto del tutto: alcune cuciture non sono rifinite benissimo.",
    "Il colore è diverso da quello in foto, l'ho restituito.",
  ],
  1: ["Purtroppo è arrivato con un piccolo difetto, anche se il negozio me lo ha sostituito subito."],
};

/** Only for products sold in sizes. */
export const reviewSizeOpenings: Partial<Record<Rating, string[]>> = {
  4: ["Molto bello, solo la taglia è leggermente abbondante."],
  3: ["Il capo va bene, ma veste più piccolo del previsto: meglio prendere una taglia in più."],
  1: ["La taglia non corrisponde per niente alla tabella."],
};

export const reviewRemarks: Record<Gender, string[]> = {
  Donna: [
    "Non segna sotto i vestiti.",
    "Ho preso la mia solita taglia ed è perfetto.",
    "Dopo diversi lavaggi è ancora come nuovo.",
    "Il colore è proprio quello che cercavo.",
    "Lo indosso tutto il giorno senza accorgermene.",
  ],
  Uomo: [
    "Vestibilità giusta, né troppo stretto né troppo largo.",
    "Dopo parecchi lavaggi non ha perso forma.",
    "Tessuto di qualità, si vede dalle cuciture.",
    "Ne ho presi due colori.",
  ],
  Bambini: [
    "Mia figlia non se lo toglie più.",
    "Mio figlio lo adora e regge benissimo i lavaggi.",
    "Morbido e facile da infilare anche per i più piccoli.",
    "Preso una taglia in più per farlo durare, ottima scelta.",
  ],
};

/** For one-size products: towels, bags, scarves, kaftans, some socks. */
export const oneSizeRemarks = [
  "Ancora più bello dal vivo.",
  "Materiale di ottima qualità.",
  "L'ho preso come regalo ed è stato molto apprezzato.",
];

/** For reviews of 3 stars or fewer: the product disappointed, the shop did not. */
export const reviewServiceNotes = [
  "Spedizione comunque veloce e pacco curato.",
  "Il servizio clienti è stato molto disponibile.",
  "In negozio mi hanno aiutato a trovare un'alternativa.",
];

export const reviewClosings = [
  "Il personale del negozio è stato gentilissimo.",
  "Lo consiglio.",
  "Tornerò sicuramente ad acquistare.",
  "Spedizione veloce e pacco curato.",
];
