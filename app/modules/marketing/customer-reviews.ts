// The home page's carousel: eight customer reviews of the shop, fixed text.

export type CustomerReview = { author: string; content: string; rating: 1 | 2 | 3 | 4 | 5; date: string };

export const customerReviews: CustomerReview[] = [
  {
    author: "Giulia M.",
    content:
      "Cercavo un reggiseno che non mi facesse male a fine giornata: in negozio mi hanno misurata e consigliata con una pazienza rara. Ora compro anche online, la taglia è sempre giusta.",
    rating: 5,
    date: "2026-10-18",
  },
  {
    author: "Marco B.",
    content:
      "Pigiami di cotone di ottima qualità, ne ho presi tre per tutta la famiglia. Spedizione veloce e pacco curato.",
    rating: 5,
    date: "2026-10-02",
  },
  {
    author: "Elena R.",
    content:
      "Un negozio di famiglia come non se ne trovano più: gentilezza, competenza e marchi scelti con cura. Il costume che mi hanno consigliato è perfetto.",
    rating: 5,
    date: "2026-09-14",
  },
  {
    author: "Francesca T.",
    content:
      "Ho prenotato online e ritirato in negozio il giorno dopo, tutto semplicissimo. Ottimo anche il consiglio sulla taglia del body modellante.",
    rating: 5,
    date: "2026-08-27",
  },
  {
    author: "Paolo G.",
    content:
      "Maglione in lana merino morbidissimo, caldo ma leggero. Ho dovuto cambiare la taglia e il reso è stato gestito in pochi giorni.",
    rating: 4,
    date: "2026-07-30",
  },
  {
    author: "Chiara D.",
    content:
      "Per i bambini trovo sempre capi comodi e resistenti ai lavaggi. Le ragazze in negozio ricordano perfino le taglie dei miei figli!",
    rating: 5,
    date: "2026-06-21",
  },
  {
    author: "Anna L.",
    content:
      "Finalmente lingerie elegante anche nelle coppe più grandi. Il servizio di consulenza taglia su appuntamento vale davvero la pena.",
    rating: 5,
    date: "2026-05-09",
  },
  {
    author: "Roberto V.",
    content:
      "Ho preso un regalo per mia moglie chiedendo consiglio via chat: confezione bellissima e consegna puntuale. Tornerò sicuramente.",
    rating: 5,
    date: "2026-04-16",
  },
];

/** "Giulia M." → "GM": shown in place of a photo. */
export function reviewerInitials(author: string): string {
  return author
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}]/gu, "").charAt(0))
    .filter(Boolean)
    .slice(0, 2)
    .join("")
    .toUpperCase();
}
