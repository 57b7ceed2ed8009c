// The shop's story, its advisers and its staff, as the home page and the about page (/chi-siamo) tell
// them. Apart from shop/identity.ts so the long texts reach only those pages' code, not every page's.

export type StaffMember = { name: string; role: string; description: string };

/** The shop's story, one paragraph each. */
export const shopStory: string[] = [
  "Nel 1978 Maria Bruno apre in Via Roma una piccola merceria con un'idea semplice: offrire alle donne di Fossano intimo di qualità e il tempo di sceglierlo con calma, con il consiglio giusto.",
  "Negli anni la vetrina cresce insieme ai suoi clienti: arrivano la corsetteria su misura, la pigiameria, il reparto uomo e poi quello per i più piccoli. Cambiano le mode, resta il modo di accogliere chi entra: con attenzione, discrezione e un sorriso.",
  "Oggi la figlia Anna guida il negozio con la stessa cura, affiancata da una squadra che conosce ogni capo e ogni vestibilità. Con il negozio online portiamo la nostra selezione in tutta Italia, senza perdere il consiglio personale che ci distingue da oltre quarant'anni.",
];

/** What the shop's advisers do for a customer. */
export const shopAdvisers =
  "In negozio trovi consulenti esperte di intimo e corsetteria: ti aiutano a misurare la taglia giusta, a scegliere il reggiseno adatto alla tua forma e il capo giusto per ogni occasione, con calma e nella massima riservatezza dei nostri camerini.";

export const shopStaff: StaffMember[] = [
  {
    name: "Anna Bruno",
    role: "Titolare",
    description:
      "Ha raccolto il testimone dalla madre, che aprì il negozio nel 1978. Sceglie ogni stagione le collezioni e i marchi che trovi in vetrina.",
  },
  {
    name: "Giulia Bruno",
    role: "Consulente di corsetteria",
    description:
      "Specialista di reggiseni e modellatori: in pochi minuti trova la vestibilità perfetta, anche per le taglie più difficili da trovare.",
  },
  {
    name: "Marco Ferrero",
    role: "Responsabile reparto uomo",
    description:
      "Intimo, pigiameria e maglieria da uomo: conosce tessuti e vestibilità di ogni marchio e consiglia il capo giusto, anche da regalare.",
  },
  {
    name: "Elena Giordano",
    role: "Reparto bambini e negozio online",
    description: "Segue il reparto bambini e prepara con cura ogni ordine online, dalla confezione alla spedizione.",
  },
];
