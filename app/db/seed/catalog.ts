// The demo catalogue: ~180 believable products of an Italian underwear and clothing shop, built
// from hand-written templates with a seeded random generator and fixed dates, so every call returns
// exactly the same data (product ids, URLs and tests stay stable).
import { seededRandom } from "../../modules/catalog/product-art";
import { ONE_COLOUR, ONE_SIZE } from "../../modules/catalog/selection";
import { slugify } from "../../modules/shop/slug";
import type { Gender, Product, ProductPrice, ProductVariant, Review, Subcategory } from "../schema";

/** A product row (without the search columns, which triggers fill) with its variants, images, prices and reviews. */
export type DemoProduct = Omit<Product, "searchVector" | "searchText"> & {
  variants: DemoVariant[];
  images: DemoImage[];
  priceHistory: DemoPrice[];
  reviews: DemoReview[];
};

type DemoVariant = Omit<ProductVariant, "productId">;

/** An image of one colour; `view` 0 is the front, 1 the detail. */
type DemoImage = {
  colorName: string;
  colorCode: string;
  view: number;
  position: number;
  path: string;
  alt: string;
};

type DemoPrice = Pick<ProductPrice, "priceCents" | "validFrom">;

type DemoReview = Pick<Review, "author" | "rating" | "content" | "createdAt">;

// ---------------------------------------------------------------------------
// Seeded randomness
// ---------------------------------------------------------------------------

type Random = ReturnType<typeof createRandom>;

function createRandom(seed: number) {
  const next = seededRandom(seed);
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => itemAt(items, Math.floor(next() * items.length));
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [itemAt(copy, j), itemAt(copy, i)];
    }
    return copy;
  };
  return { next, int, pick, shuffle, chance: (probability: number) => next() < probability };
}

function itemAt<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`No item at index ${index}`);
  return item;
}

// ---------------------------------------------------------------------------
// Colours, sizes, brands
// ---------------------------------------------------------------------------

const demoColours = {
  Nero: "#1a1a1a",
  Bianco: "#f7f7f5",
  Avorio: "#f2ead8",
  Beige: "#d9c4a5",
  Cammello: "#b5895a",
  Tortora: "#a39584",
  "Grigio Melange": "#a9aaae",
  Antracite: "#3a3c41",
  "Blu Navy": "#1f2a44",
  "Blu Royal": "#2b4ea2",
  Azzurro: "#8fc1e3",
  Turchese: "#1fa3a6",
  Petrolio: "#1d4e5a",
  "Verde Bosco": "#2e4b36",
  "Verde Salvia": "#9aae8b",
  "Verde Militare": "#4d5530",
  Senape: "#cf9f2a",
  Corallo: "#ee7c67",
  Rosso: "#b3202a",
  Bordeaux: "#6b1a2b",
  "Rosa Cipria": "#e6c3bd",
  "Rosa Antico": "#c4878a",
  Fucsia: "#c5267b",
  Lilla: "#bba0cc",
  Marrone: "#5b3a24",
} as const;

type ColourName = keyof typeof demoColours;

const sizeRuns = {
  women: ["XS", "S", "M", "L", "XL", "XXL"],
  men: ["S", "M", "L", "XL", "XXL", "3XL"],
  womenBriefs: ["2", "3", "4", "5", "6", "7"],
  menUnderwear: ["4-S", "5-M", "6-L", "7-XL", "8-XXL"],
  bra: ["2 B", "2 C", "3 B", "3 C", "3 D", "4 B", "4 C", "4 D", "5 C", "5 D", "6 D", "6 E"],
  swim: ["40", "42", "44", "46", "48", "50"],
  menTailored: ["46", "48", "50", "52", "54", "56"],
  shirtCollar: ["38", "39", "40", "41", "42", "43", "44", "45"],
  menSocks: ["40/41", "42/43", "44/45", "46/47"],
  kids: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16"],
  kidsSocks: ["19/22", "23/26", "27/30", "31/34", "35/38"],
  one: [ONE_SIZE],
} as const;

// ---------------------------------------------------------------------------
// Fabrics: composition, a sentence for the description, washing instructions
// ---------------------------------------------------------------------------

const washingLines = {
  cotton40: [
    "Lavare in lavatrice a 40°C",
    "Non candeggiare",
    "Stirare a media temperatura",
    "Non lavare a secco",
    "Asciugatrice a bassa temperatura",
  ],
  cotton30: [
    "Lavare in lavatrice a 30°C",
    "Lavare con colori simili",
    "Non candeggiare",
    "Stirare a bassa temperatura",
    "Non asciugare in asciugatrice",
  ],
  delicate30: [
    "Lavare a 30°C con programma delicato",
    "Lavare con colori simili",
    "Non candeggiare",
    "Non stirare",
    "Non asciugare in asciugatrice",
  ],
  hand30: [
    "Lavare a mano a 30°C",
    "In lavatrice solo in sacchetta, con programma delicato",
    "Non candeggiare",
    "Non stirare",
    "Asciugare in piano, lontano da fonti di calore",
  ],
  silk: [
    "Lavare a mano in acqua fredda con detergente delicato",
    "Non strizzare",
    "Non candeggiare",
    "Stirare a bassa temperatura sul rovescio",
    "Lavaggio a secco consentito",
  ],
  wool: [
    "Lavare a mano in acqua fredda o in lavatrice con programma lana",
    "Non strizzare",
    "Asciugare in piano",
    "Stirare a bassa temperatura con un panno umido",
    "Lavaggio a secco consentito",
  ],
  dryClean: [
    "Solo lavaggio a secco",
    "Non lavare in acqua",
    "Non candeggiare",
    "Stirare a media temperatura interponendo un panno",
    "Non asciugare in asciugatrice",
  ],
  down: [
    "Lavare a 30°C con programma delicato e detersivo per piumini",
    "Non candeggiare",
    "Non stirare",
    "Asciugare in asciugatrice a bassa temperatura con due palline da tennis",
    "Non lavare a secco",
  ],
  swim: [
    "Sciacquare in acqua dolce dopo ogni bagno",
    "Lavare a mano a 30°C",
    "Non strizzare",
    "Asciugare all'ombra",
    "Non stirare",
  ],
  linen: [
    "Lavare in lavatrice a 40°C",
    "Non candeggiare",
    "Stirare ad alta temperatura, anche da umido",
    "Asciugatrice a bassa temperatura",
  ],
  terry: [
    "Lavare in lavatrice a 60°C",
    "Non usare ammorbidente: riduce l'assorbenza",
    "Non candeggiare",
    "Asciugatrice consentita",
    "Non stirare",
  ],
  bag: [
    "Non lavare",
    "Pulire con un panno morbido appena inumidito",
    "Non candeggiare",
    "Conservare al riparo dall'umidità e dalla luce diretta",
  ],
} as const;

type Fabric = { composition: string; sentence: string; washing: readonly string[] };

const fabrics = {
  cottonStretch: {
    composition: "95% cotone, 5% elastan",
    sentence: "Il cotone elasticizzato è morbido e traspirante e segue i movimenti senza perdere la forma.",
    washing: washingLines.cotton30,
  },
  cotton: {
    composition: "100% cotone",
    sentence: "Il puro cotone è fresco sulla pelle e resiste bene ai lavaggi frequenti.",
    washing: washingLines.cotton40,
  },
  ribbedCotton: {
    composition: "100% cotone a costine",
    sentence: "La costina di cotone è elastica e aderente, ideale da indossare come primo strato.",
    washing: washingLines.cotton40,
  },
  organicCotton: {
    composition: "100% cotone biologico",
    sentence: "Il cotone biologico certificato è coltivato senza pesticidi ed è delicato anche sulle pelli sensibili.",
    washing: washingLines.cotton40,
  },
  interlock: {
    composition: "100% cotone interlock",
    sentence: "L'interlock di cotone è morbido, elastico e delicato sulla pelle dei più piccoli.",
    washing: washingLines.cotton40,
  },
  pique: {
    composition: "100% cotone piquet",
    sentence: "Il piquet di cotone ha una trama a nido d'ape che lascia respirare la pelle.",
    washing: washingLines.cotton40,
  },
  modal: {
    composition: "92% modal, 8% elastan",
    sentence: "Il modal è setoso al tatto, leggero e mantiene i colori brillanti lavaggio dopo lavaggio.",
    washing: washingLines.delicate30,
  },
  microfibre: {
    composition: "80% poliammide, 20% elastan",
    sentence: "La microfibra liscia non segna sotto i vestiti e asciuga in pochissimo tempo.",
    washing: washingLines.delicate30,
  },
  lace: {
    composition: "88% poliammide, 12% elastan",
    sentence: "Il pizzo elasticizzato disegna motivi floreali leggeri e si adatta al corpo senza stringere.",
    washing: washingLines.hand30,
  },
  satin: {
    composition: "96% poliestere, 4% elastan",
    sentence: "Il raso elasticizzato ha una mano scivolata e una luce discreta che veste con eleganza.",
    washing: washingLines.delicate30,
  },
  silk: {
    composition: "100% seta",
    sentence: "La seta naturale regola la temperatura del corpo e ha una lucentezza morbida e preziosa.",
    washing: washingLines.silk,
  },
  woolSilk: {
    composition: "70% lana, 30% seta",
    sentence: "La mischia di lana e seta è sottile e calda, perfetta sotto i capi invernali.",
    washing: washingLines.wool,
  },
  viscose: {
    composition: "100% viscosa",
    sentence: "La viscosa è fluida e leggera e cade morbida sul corpo.",
    washing: washingLines.delicate30,
  },
  flannel: {
    composition: "100% cotone flanellato",
    sentence: "La flanella di cotone, garzata su entrambi i lati, è calda e accogliente nelle notti d'inverno.",
    washing: washingLines.cotton40,
  },
  chenille: {
    composition: "100% poliestere ciniglia",
    sentence: "La ciniglia è vellutata e avvolgente, morbida come un abbraccio.",
    washing: washingLines.cotton30,
  },
  merino: {
    composition: "100% lana merino extrafine",
    sentence: "La lana merino extrafine scalda senza pizzicare e lascia respirare la pelle.",
    washing: washingLines.wool,
  },
  woolCashmere: {
    composition: "90% lana, 10% cashmere",
    sentence: "La mischia di lana e cashmere è calda, leggera e morbidissima al tatto.",
    washing: washingLines.wool,
  },
  cashmere: {
    composition: "100% cashmere",
    sentence: "Il cashmere puro è leggero come una piuma e straordinariamente caldo.",
    washing: washingLines.wool,
  },
  coatWool: {
    composition: "70% lana, 20% poliammide, 10% cashmere; fodera 100% viscosa",
    sentence: "Il panno di lana compatto ripara dal vento e mantiene la forma stagione dopo stagione.",
    washing: washingLines.dryClean,
  },
  tweed: {
    composition: "80% lana, 20% poliammide; fodera 100% viscosa",
    sentence: "Il tweed di lana ha una trama mossa e materica, dal fascino senza tempo.",
    washing: washingLines.dryClean,
  },
  woolTrousers: {
    composition: "98% lana vergine, 2% elastan",
    sentence: "La lana vergine elasticizzata non si sgualcisce e resta comoda per tutta la giornata.",
    washing: washingLines.dryClean,
  },
  down: {
    composition: "Esterno 100% poliammide; imbottitura 90% piumino d'oca, 10% piuma",
    sentence: "L'imbottitura in vero piumino d'oca garantisce il massimo calore con il minimo peso.",
    washing: washingLines.down,
  },
  padding: {
    composition: "Esterno 100% poliestere riciclato; imbottitura 100% poliestere",
    sentence: "L'imbottitura sintetica resta calda anche con l'umidità e si lava senza pensieri.",
    washing: washingLines.down,
  },
  linen: {
    composition: "100% lino",
    sentence: "Il lino è fresco e traspirante, perfetto per le giornate più calde.",
    washing: washingLines.linen,
  },
  poplin: {
    composition: "100% cotone popeline",
    sentence: "La popeline di cotone è compatta e liscia, con una piacevole sensazione di freschezza.",
    washing: washingLines.cotton40,
  },
  gabardine: {
    composition: "97% cotone, 3% elastan",
    sentence: "Il gabardine di cotone elasticizzato è resistente e comodo dalla mattina alla sera.",
    washing: washingLines.cotton30,
  },
  denim: {
    composition: "98% cotone, 2% elastan",
    sentence: "Il denim elasticizzato è robusto ma morbido, e lascia libertà di movimento.",
    washing: washingLines.cotton30,
  },
  corduroy: {
    composition: "98% cotone, 2% elastan",
    sentence: "Il velluto a coste di cotone è caldo, morbido e diventa più bello con il tempo.",
    washing: washingLines.cotton30,
  },
  fleece: {
    composition: "80% cotone, 20% poliestere",
    sentence: "La felpa garzata all'interno è calda e comoda, perfetta per giocare.",
    washing: washingLines.cotton30,
  },
  tulle: {
    composition: "100% poliammide; fodera 100% cotone",
    sentence: "Gli strati di tulle leggero danno volume, mentre la fodera di cotone resta morbida sulla pelle.",
    washing: washingLines.delicate30,
  },
  pleated: {
    composition: "100% poliestere",
    sentence: "Il plissé permanente resta perfetto anche dopo il lavaggio e si muove a ogni passo.",
    washing: washingLines.delicate30,
  },
  swim: {
    composition: "80% poliammide, 20% elastan",
    sentence: "Il tessuto tecnico resiste al cloro e alla salsedine e asciuga rapidamente.",
    washing: washingLines.swim,
  },
  recycledSwim: {
    composition: "78% poliammide riciclata, 22% elastan",
    sentence: "È realizzato con filo rigenerato da reti da pesca recuperate: modella la figura e asciuga in fretta.",
    washing: washingLines.swim,
  },
  terry: {
    composition: "100% cotone spugna",
    sentence: "La spugna di cotone da 450 g/m² è morbida, corposa e molto assorbente.",
    washing: washingLines.terry,
  },
  socksCotton: {
    composition: "80% cotone, 18% poliammide, 2% elastan",
    sentence: "Il cotone pettinato con rinforzi su punta e tallone dura a lungo e non fa pieghe nella scarpa.",
    washing: washingLines.cotton40,
  },
  lisle: {
    composition: "100% cotone filo di Scozia",
    sentence: "Il filo di Scozia, cotone ritorto e mercerizzato, è fresco, lucido e resistente.",
    washing: washingLines.cotton40,
  },
  socksWool: {
    composition: "50% lana, 30% cotone, 18% poliammide, 2% elastan",
    sentence: "La lana mista cotone tiene caldi i piedi senza farli sudare.",
    washing: washingLines.wool,
  },
  tights: {
    composition: "90% poliammide, 10% elastan",
    sentence: "La microfibra da 50 denari è coprente, opaca e resistente alle smagliature.",
    washing: washingLines.hand30,
  },
  shapewear: {
    composition: "72% poliammide, 28% elastan",
    sentence: "Il tessuto a compressione differenziata modella la figura senza costringere.",
    washing: washingLines.hand30,
  },
  straw: {
    composition: "Esterno 100% rafia naturale; fodera 100% cotone",
    sentence: "La rafia naturale intrecciata a mano è leggera e sorprendentemente resistente.",
    washing: washingLines.bag,
  },
  leather: {
    composition: "100% pelle bovina; fodera 100% cotone",
    sentence: "La pelle bovina conciata al vegetale diventa più bella con il passare del tempo.",
    washing: washingLines.bag,
  },
  canvas: {
    composition: "100% cotone canvas; manici in pelle",
    sentence: "La tela di cotone pesante regge senza fatica la spesa e tutto ciò che serve in giornata.",
    washing: washingLines.bag,
  },
} satisfies Record<string, Fabric>;

type FabricName = keyof typeof fabrics;

// ---------------------------------------------------------------------------
// Brands: 22 names of the shop's (invented) suppliers
// ---------------------------------------------------------------------------

const brands = {
  lingerie: ["Lunaria", "Aurelia Intimo", "Voce di Seta", "Ambra Intima", "Filo Sottile"],
  shapewear: ["Aurelia Intimo", "Ambra Intima"],
  nightwear: ["Notte Chiara", "Casa Morandi", "Gelso Bianco"],
  knitwear: ["Maglificio Serena", "Borgo Lana", "Tessoria Alpina"],
  socks: ["Calzificio Ardesia", "Trama Fine"],
  basics: ["Gelso Bianco", "Trama Fine", "Linea Rovere"],
  menUnderwear: ["Linea Rovere", "Velluto Blu", "Gelso Bianco"],
  outerwear: ["Atelier Ginestra", "Vento del Nord"],
  clothing: ["Atelier Ginestra", "Fior di Lino", "Velluto Blu"],
  menClothing: ["Linea Rovere", "Velluto Blu", "Fior di Lino"],
  beach: ["Riva Azzurra", "Corallina Mare", "Fior di Lino"],
  swim: ["Riva Azzurra", "Corallina Mare"],
  bags: ["Atelier Ginestra", "Fior di Lino", "Riva Azzurra"],
  kids: ["Piccoli Passi", "Nido d'Ape"],
  kidsSwim: ["Corallina Mare", "Piccoli Passi"],
} as const;

// ---------------------------------------------------------------------------
// Templates: one per gender and subcategory
// ---------------------------------------------------------------------------

type Style = {
  /** Product name; {line} becomes the name of the model line. */
  name: string;
  fabric: FabricName;
  tags: string[];
  sizes?: readonly string[];
  /** Made in one print or colourway: its only colour is 'Unico'. */
  singleColour?: boolean;
  /** Sold in packs: the minimum quantity and the pack text shown next to the price. */
  pack?: number;
};

type Template = {
  gender: Gender;
  subcategory: Subcategory;
  count: number;
  styles: Style[];
  sizes: readonly string[];
  palette: readonly ColourName[];
  /** Price range in euro cents. */
  price: [number, number];
  brands: readonly string[];
  intros: string[];
  details: string;
};

const lingeriePalette: ColourName[] = [
  "Nero",
  "Bianco",
  "Avorio",
  "Rosa Cipria",
  "Beige",
  "Bordeaux",
  "Blu Navy",
  "Lilla",
  "Rosso",
];
const knitPalette: ColourName[] = [
  "Cammello",
  "Avorio",
  "Nero",
  "Grigio Melange",
  "Bordeaux",
  "Verde Bosco",
  "Tortora",
  "Rosa Antico",
  "Senape",
  "Blu Navy",
];
const swimPalette: ColourName[] = [
  "Nero",
  "Rosso",
  "Corallo",
  "Turchese",
  "Blu Navy",
  "Bianco",
  "Fucsia",
  "Verde Salvia",
  "Petrolio",
];
const menBasicPalette: ColourName[] = ["Nero", "Bianco", "Blu Navy", "Grigio Melange", "Antracite", "Blu Royal"];
const kidsPalette: ColourName[] = [
  "Azzurro",
  "Rosa Cipria",
  "Lilla",
  "Blu Navy",
  "Grigio Melange",
  "Senape",
  "Verde Salvia",
  "Corallo",
  "Rosso",
];
const outerPalette: ColourName[] = ["Cammello", "Nero", "Blu Navy", "Grigio Melange", "Tortora", "Verde Militare"];

const templates: Template[] = [
  // --- Donna ---------------------------------------------------------------
  {
    gender: "Donna",
    subcategory: "reggiseno",
    count: 10,
    styles: [
      { name: "Reggiseno {line} con ferretto", fabric: "lace", tags: ["pizzo", "ferretto"] },
      { name: "Reggiseno imbottito {line}", fabric: "microfibre", tags: ["imbottito", "invisibile"] },
      { name: "Bralette {line} in pizzo", fabric: "lace", tags: ["pizzo", "senza ferretto"], sizes: sizeRuns.women },
      { name: "Reggiseno {line} senza ferretto", fabric: "cottonStretch", tags: ["cotone", "senza ferretto"] },
      { name: "Reggiseno a balconcino {line}", fabric: "satin", tags: ["balconcino", "raso"] },
      { name: "Reggiseno sportivo {line}", fabric: "microfibre", tags: ["sport"], sizes: sizeRuns.women },
    ],
    sizes: sizeRuns.bra,
    palette: lingeriePalette,
    price: [2490, 5990],
    brands: brands.lingerie,
    intros: [
      "Un reggiseno che unisce sostegno e leggerezza, pensato per stare bene dalla mattina alla sera.",
      "Linea pulita e coppe ben strutturate: il reggiseno che sparisce sotto camicette e maglie aderenti.",
      "Femminile e raffinato, valorizza il décolleté con naturalezza.",
    ],
    details:
      "Spalline regolabili e chiusura posteriore con gancetti su tre livelli, per trovare sempre la giusta aderenza.",
  },
  {
    gender: "Donna",
    subcategory: "slip",
    count: 8,
    styles: [
      { name: "Slip {line} in cotone", fabric: "cottonStretch", tags: ["cotone", "basico"] },
      { name: "Slip brasiliano {line} in pizzo", fabric: "lace", tags: ["pizzo", "brasiliano"] },
      { name: "Slip a vita alta {line}", fabric: "modal", tags: ["vita alta", "modal"] },
      { name: "Slip invisibile {line}", fabric: "microfibre", tags: ["invisibile", "taglio vivo"] },
    ],
    sizes: sizeRuns.womenBriefs,
    palette: [...lingeriePalette, "Azzurro"],
    price: [690, 1990],
    brands: [...brands.lingerie, "Gelso Bianco"],
    intros: [
      "Lo slip di tutti i giorni, morbido e avvolgente, che non si fa sentire.",
      "Un classico dell'intimo femminile rivisto con una vestibilità moderna.",
      "Comodo e discreto, pensato per accompagnarti dalla mattina alla sera.",
    ],
    details: "Elastici rivestiti in vita e sulle gambe per non segnare. Tassello interno in puro cotone.",
  },
  {
    gender: "Donna",
    subcategory: "culotte",
    count: 4,
    styles: [
      { name: "Culotte {line} in pizzo", fabric: "lace", tags: ["pizzo"] },
      { name: "Culotte {line} in modal", fabric: "modal", tags: ["modal", "comfort"] },
      { name: "Culotte alta {line}", fabric: "microfibre", tags: ["vita alta", "invisibile"] },
    ],
    sizes: sizeRuns.women,
    palette: lingeriePalette,
    price: [1290, 2490],
    brands: brands.lingerie,
    intros: [
      "La culotte copre con grazia e regala una linea morbida sotto gonne e pantaloni.",
      "Un taglio coprente e femminile che unisce comfort e seduzione discreta.",
    ],
    details: "Gamba sgambata al punto giusto e vita elastica morbida. Tassello interno in cotone.",
  },
  {
    gender: "Donna",
    subcategory: "panty",
    count: 3,
    styles: [
      { name: "Panty {line} in microfibra", fabric: "microfibre", tags: ["invisibile"] },
      { name: "Panty contenitivo {line}", fabric: "shapewear", tags: ["contenitivo", "modellante"] },
    ],
    sizes: sizeRuns.women,
    palette: ["Nero", "Beige", "Bianco", "Avorio", "Rosa Cipria"],
    price: [1490, 2990],
    brands: brands.shapewear,
    intros: [
      "Il panty con gambaletto corto evita gli sfregamenti e sta al suo posto sotto gonne e abiti.",
      "Coprente e leggero, il panty è l'alleato invisibile dei look estivi.",
    ],
    details: "Gambaletto con bordo siliconato antiscivolo. Cuciture piatte che non segnano.",
  },
  {
    gender: "Donna",
    subcategory: "modellatore",
    count: 4,
    styles: [
      { name: "Body modellante {line}", fabric: "shapewear", tags: ["body", "modellante"] },
      { name: "Guaina {line} a vita alta", fabric: "shapewear", tags: ["guaina", "vita alta"] },
      { name: "Sottoveste modellante {line}", fabric: "shapewear", tags: ["sottoveste", "modellante"] },
    ],
    sizes: sizeRuns.women,
    palette: ["Nero", "Beige", "Avorio"],
    price: [3490, 6990],
    brands: brands.shapewear,
    intros: [
      "Modella addome e fianchi con una compressione graduale che non toglie il respiro.",
      "Sotto l'abito delle occasioni importanti regala una silhouette liscia e sicura.",
    ],
    details:
      "Pannello frontale a doppio strato per un effetto piatto. Bordi a taglio vivo, invisibili sotto gli abiti.",
  },
  {
    gender: "Donna",
    subcategory: "pigiama",
    count: 6,
    styles: [
      { name: "Pigiama lungo {line} in flanella", fabric: "flannel", tags: ["flanella", "invernale"] },
      { name: "Pigiama {line} in raso", fabric: "satin", tags: ["raso", "elegante"] },
      { name: "Pigiama {line} in cotone", fabric: "cotton", tags: ["cotone"] },
      { name: "Pigiama corto {line}", fabric: "modal", tags: ["estivo", "modal"] },
    ],
    sizes: sizeRuns.women,
    palette: ["Blu Navy", "Rosa Cipria", "Avorio", "Grigio Melange", "Bordeaux", "Verde Salvia", "Azzurro", "Lilla"],
    price: [2990, 7990],
    brands: brands.nightwear,
    intros: [
      "Un pigiama da indossare con piacere, per serate sul divano e notti tranquille.",
      "Morbido, comodo e curato nei dettagli: il pigiama che fa sentire a casa.",
      "Casacca con bottoni e pantalone con elastico in vita: un classico della notte.",
    ],
    details: "Casacca con collo a rever e bottoni in madreperla sintetica. Pantalone con elastico e coulisse in vita.",
  },
  {
    gender: "Donna",
    subcategory: "maglia",
    count: 6,
    styles: [
      { name: "Maglia girocollo {line} in lana merino", fabric: "merino", tags: ["lana merino", "girocollo"] },
      { name: "Cardigan {line} in cashmere", fabric: "cashmere", tags: ["cashmere", "cardigan"] },
      { name: "Dolcevita {line}", fabric: "woolCashmere", tags: ["dolcevita", "lana"] },
      { name: "Maglia a coste {line}", fabric: "woolCashmere", tags: ["coste", "lana"] },
    ],
    sizes: sizeRuns.women,
    palette: knitPalette,
    price: [4990, 18900],
    brands: brands.knitwear,
    intros: [
      "Una maglia essenziale dalla linea morbida, da portare sola o sotto la giacca.",
      "Calda e leggera, è il capo che si indossa da ottobre a marzo senza mai stancare.",
      "Lavorata con finezze sottili, ha polsi e fondo a costine che mantengono la forma.",
    ],
    details: "Polsi e fondo a costine. Cuciture rimagliate a mano per una finitura pulita.",
  },
  {
    gender: "Donna",
    subcategory: "calze",
    count: 5,
    styles: [
      {
        name: "Collant {line} 50 denari",
        fabric: "tights",
        tags: ["collant", "coprente"],
        sizes: ["S", "M", "L", "XL"],
      },
      { name: "Calzini {line} in cotone", fabric: "socksCotton", tags: ["cotone", "calzini"], pack: 3 },
      { name: "Calze lunghe {line} in lana", fabric: "socksWool", tags: ["lana", "invernale"] },
      { name: "Gambaletti {line} velati", fabric: "tights", tags: ["gambaletti", "velati"], pack: 2 },
    ],
    sizes: sizeRuns.one,
    palette: ["Nero", "Blu Navy", "Grigio Melange", "Beige", "Bordeaux", "Antracite"],
    price: [490, 1490],
    brands: brands.socks,
    intros: [
      "Calze confortevoli e resistenti, prodotte in un calzificio che lavora il filato da tre generazioni.",
      "Un accessorio piccolo ma indispensabile, che accompagna tutto il guardaroba.",
    ],
    details: "Punta rimagliata a mano senza cuciture in rilievo. Polsino morbido che non stringe.",
  },
  {
    gender: "Donna",
    subcategory: "t-shirt",
    count: 4,
    styles: [
      { name: "T-shirt {line} in cotone biologico", fabric: "organicCotton", tags: ["cotone biologico", "girocollo"] },
      { name: "T-shirt {line} scollo a V", fabric: "modal", tags: ["scollo a V", "modal"] },
      { name: "T-shirt a righe {line}", fabric: "cotton", tags: ["righe", "marinière"] },
    ],
    sizes: sizeRuns.women,
    palette: ["Bianco", "Nero", "Blu Navy", "Rosa Cipria", "Verde Salvia", "Avorio", "Azzurro"],
    price: [1490, 3490],
    brands: brands.basics,
    intros: [
      "La t-shirt perfetta non passa mai di moda: linea dritta, spalla giusta, tessuto che dura.",
      "Un basico da avere in più colori, da indossare da sola o sotto un blazer.",
    ],
    details: "Collo rifinito con nastro interno. Orli a doppio ago.",
  },
  {
    gender: "Donna",
    subcategory: "canottiera",
    count: 4,
    styles: [
      { name: "Canottiera {line} in modal", fabric: "modal", tags: ["modal", "spalla stretta"] },
      { name: "Canottiera {line} in lana e seta", fabric: "woolSilk", tags: ["lana e seta", "invernale"] },
      { name: "Top {line} con pizzo", fabric: "lace", tags: ["pizzo"] },
    ],
    sizes: sizeRuns.women,
    palette: ["Bianco", "Nero", "Avorio", "Beige", "Rosa Cipria"],
    price: [1290, 3990],
    brands: brands.lingerie,
    intros: [
      "Sottile e aderente, sparisce sotto camicie e maglioni e scalda quanto serve.",
      "La canottiera che si indossa come primo strato, morbida e piacevole sulla pelle.",
    ],
    details: "Spalline sottili regolabili. Bordo superiore rifinito con un sottile pizzo.",
  },
  {
    gender: "Donna",
    subcategory: "cappotto",
    count: 3,
    styles: [
      { name: "Cappotto doppiopetto {line}", fabric: "coatWool", tags: ["doppiopetto", "lana"] },
      { name: "Cappotto lungo {line} in lana", fabric: "coatWool", tags: ["lungo", "lana"] },
      { name: "Cappotto a vestaglia {line}", fabric: "woolCashmere", tags: ["vestaglia", "cintura"] },
    ],
    sizes: sizeRuns.women,
    palette: ["Cammello", "Nero", "Blu Navy", "Grigio Melange", "Tortora", "Bordeaux"],
    price: [18900, 32900],
    brands: brands.outerwear,
    intros: [
      "Un cappotto dal taglio sartoriale, pensato per durare molti inverni.",
      "Linea morbida e spalla naturale: il cappotto che rende elegante anche il look più semplice.",
    ],
    details: "Interamente foderato. Tasche a filetto e tasca interna. Bottoni in corno.",
  },
  {
    gender: "Donna",
    subcategory: "giacca",
    count: 3,
    styles: [
      { name: "Giacca {line} in tweed", fabric: "tweed", tags: ["tweed"] },
      { name: "Blazer {line} in lino", fabric: "linen", tags: ["lino", "blazer"] },
      { name: "Giacca corta {line}", fabric: "woolCashmere", tags: ["corta", "lana"] },
    ],
    sizes: sizeRuns.women,
    palette: ["Nero", "Avorio", "Blu Navy", "Tortora", "Bordeaux", "Beige"],
    price: [8990, 16900],
    brands: brands.clothing,
    intros: [
      "La giacca che dà struttura a ogni look, dal jeans all'abito da sera.",
      "Un capospalla leggero e versatile, dalla linea sciancrata.",
    ],
    details: "Chiusura con un bottone. Tasche applicate e fodera leggera.",
  },
  {
    gender: "Donna",
    subcategory: "pantaloni",
    count: 3,
    styles: [
      { name: "Pantaloni a palazzo {line}", fabric: "viscose", tags: ["palazzo", "fluidi"] },
      { name: "Pantaloni {line} in lino", fabric: "linen", tags: ["lino", "estivi"] },
      { name: "Pantaloni a sigaretta {line}", fabric: "gabardine", tags: ["sigaretta", "elasticizzati"] },
    ],
    sizes: sizeRuns.women,
    palette: ["Nero", "Blu Navy", "Beige", "Avorio", "Cammello", "Verde Militare"],
    price: [3990, 8990],
    brands: brands.clothing,
    intros: [
      "Un pantalone comodo e ben tagliato che slancia la figura.",
      "Vita alta e linea pulita: si abbina a camicie, maglie e t-shirt con la stessa facilità.",
    ],
    details: "Chiusura con zip e gancio. Tasche laterali a filo.",
  },
  {
    gender: "Donna",
    subcategory: "piumino",
    count: 3,
    styles: [
      { name: "Piumino lungo {line}", fabric: "down", tags: ["lungo", "piuma d'oca"] },
      { name: "Piumino leggero {line}", fabric: "down", tags: ["leggero", "ripiegabile"] },
      { name: "Piumino corto {line} con cappuccio", fabric: "down", tags: ["cappuccio", "corto"] },
    ],
    sizes: sizeRuns.women,
    palette: ["Nero", "Blu Navy", "Avorio", "Cammello", "Verde Militare", "Bordeaux"],
    price: [11900, 28900],
    brands: brands.outerwear,
    intros: [
      "Il piumino che protegge dal freddo più intenso senza appesantire.",
      "Caldo, leggero e facile da portare: l'alleato delle giornate d'inverno.",
    ],
    details: "Zip a doppio cursore e bottoni a pressione. Polsini interni in maglia antivento.",
  },
  {
    gender: "Donna",
    subcategory: "camicia",
    count: 3,
    styles: [
      { name: "Camicia {line} in seta", fabric: "silk", tags: ["seta"] },
      { name: "Camicia {line} in popeline", fabric: "poplin", tags: ["popeline", "classica"] },
      { name: "Camicia {line} in lino", fabric: "linen", tags: ["lino", "estiva"] },
    ],
    sizes: sizeRuns.women,
    palette: ["Bianco", "Avorio", "Azzurro", "Rosa Cipria", "Nero", "Verde Salvia"],
    price: [3990, 11900],
    brands: brands.clothing,
    intros: [
      "La camicia che non può mancare: si porta in ufficio come nel fine settimana.",
      "Linea morbida e collo classico, da indossare dentro o fuori dai pantaloni.",
    ],
    details: "Abbottonatura con bottoni in madreperla. Polsini con due bottoni regolabili.",
  },
  {
    gender: "Donna",
    subcategory: "kaftano",
    count: 3,
    styles: [
      { name: "Kaftano {line} in viscosa stampata", fabric: "viscose", tags: ["mare", "stampa"], singleColour: true },
      { name: "Kaftano {line} in cotone ricamato", fabric: "cotton", tags: ["mare", "ricamo"] },
      { name: "Kaftano lungo {line} in lino", fabric: "linen", tags: ["mare", "lino"] },
    ],
    sizes: sizeRuns.one,
    palette: ["Bianco", "Turchese", "Corallo", "Azzurro", "Avorio", "Fucsia"],
    price: [3490, 7990],
    brands: brands.beach,
    intros: [
      "Leggero e ampio, si infila sul costume per passare dalla spiaggia al bar senza pensieri.",
      "Un copricostume dalle linee morbide che profuma di vacanza.",
    ],
    details: "Scollo a V con laccetti. Spacchi laterali per muoversi liberamente.",
  },
  {
    gender: "Donna",
    subcategory: "telo",
    count: 2,
    styles: [
      { name: "Telo mare {line} in spugna", fabric: "terry", tags: ["mare", "spugna"] },
      { name: "Telo mare a righe {line}", fabric: "terry", tags: ["mare", "righe"], singleColour: true },
    ],
    sizes: sizeRuns.one,
    palette: ["Turchese", "Corallo", "Blu Navy", "Bianco", "Senape"],
    price: [2490, 4990],
    brands: brands.beach,
    intros: [
      "Un telo mare generoso, 100 x 180 cm, che asciuga in fretta e si ripiega in poco spazio.",
      "Morbido e colorato, il telo che porta l'estate in spiaggia e in piscina.",
    ],
    details: "Misure 100 x 180 cm. Bordi rifiniti con orlo rinforzato.",
  },
  {
    gender: "Donna",
    subcategory: "sciarpa",
    count: 3,
    styles: [
      { name: "Sciarpa {line} in cashmere", fabric: "cashmere", tags: ["cashmere"] },
      { name: "Stola {line} in lana e seta", fabric: "woolSilk", tags: ["stola", "lana e seta"] },
      { name: "Sciarpa a coste {line}", fabric: "woolCashmere", tags: ["coste", "lana"] },
    ],
    sizes: sizeRuns.one,
    palette: knitPalette,
    price: [2990, 14900],
    brands: brands.knitwear,
    intros: [
      "Morbida e avvolgente, scalda il collo e illumina il viso.",
      "L'accessorio che completa il cappotto e trasforma il look di ogni giorno.",
    ],
    details: "Misure 180 x 35 cm. Bordi rifiniti a mano.",
  },
  {
    gender: "Donna",
    subcategory: "intero",
    count: 5,
    styles: [
      { name: "Costume intero {line} con scollo a V", fabric: "swim", tags: ["mare", "scollo a V"] },
      { name: "Costume intero {line} con coppe", fabric: "swim", tags: ["mare", "coppe"] },
      { name: "Costume intero modellante {line}", fabric: "recycledSwim", tags: ["mare", "modellante"] },
      { name: "Costume intero monospalla {line}", fabric: "swim", tags: ["mare", "monospalla"] },
    ],
    sizes: sizeRuns.swim,
    palette: swimPalette,
    price: [4990, 11900],
    brands: brands.swim,
    intros: [
      "Un costume intero che valorizza la figura e resta al suo posto anche tra le onde.",
      "Elegante in spiaggia e a bordo piscina, sostiene con discrezione.",
    ],
    details: "Coppe preformate removibili. Fodera interna in tessuto tecnico.",
  },
  {
    gender: "Donna",
    subcategory: "bikini",
    count: 6,
    styles: [
      { name: "Bikini {line} a triangolo", fabric: "swim", tags: ["mare", "triangolo"] },
      { name: "Bikini {line} a fascia", fabric: "swim", tags: ["mare", "fascia"] },
      { name: "Bikini {line} con ferretto", fabric: "recycledSwim", tags: ["mare", "ferretto"] },
      { name: "Bikini {line} con slip brasiliano", fabric: "swim", tags: ["mare", "brasiliano"] },
    ],
    sizes: sizeRuns.swim,
    palette: swimPalette,
    price: [3990, 9900],
    brands: brands.swim,
    intros: [
      "Un bikini dal taglio moderno, pensato per abbronzarsi con stile.",
      "Sostegno e libertà di movimento: il due pezzi che accompagna tutta l'estate.",
    ],
    details: "Reggiseno con laccetti regolabili e coppe removibili. Slip foderato.",
  },
  {
    gender: "Donna",
    subcategory: "gonna",
    count: 3,
    styles: [
      { name: "Gonna plissé {line}", fabric: "pleated", tags: ["plissé", "midi"] },
      { name: "Gonna midi {line} in tweed", fabric: "tweed", tags: ["midi", "tweed"] },
      { name: "Gonna a portafoglio {line}", fabric: "viscose", tags: ["portafoglio"] },
    ],
    sizes: sizeRuns.women,
    palette: ["Nero", "Blu Navy", "Cammello", "Bordeaux", "Verde Bosco", "Avorio"],
    price: [3990, 9900],
    brands: brands.clothing,
    intros: [
      "Una gonna femminile che si muove con grazia a ogni passo.",
      "Lunghezza midi e vita alta: sta bene con gli stivali come con le sneaker.",
    ],
    details: "Chiusura laterale con zip invisibile. Fodera interna.",
  },
  {
    gender: "Donna",
    subcategory: "borsa",
    count: 3,
    styles: [
      { name: "Borsa mare {line} in paglia", fabric: "straw", tags: ["mare", "paglia"], singleColour: true },
      { name: "Borsa a spalla {line} in pelle", fabric: "leather", tags: ["pelle"] },
      { name: "Shopper {line} in tela", fabric: "canvas", tags: ["shopper", "tela"] },
    ],
    sizes: sizeRuns.one,
    palette: ["Nero", "Cammello", "Bordeaux", "Marrone", "Beige"],
    price: [2990, 14900],
    brands: brands.bags,
    intros: [
      "Capiente e leggera, porta con sé tutto il necessario per la giornata.",
      "Una borsa dal design pulito che si abbina a ogni stagione.",
    ],
    details: "Tasca interna con zip. Manici rinforzati.",
  },
  // --- Uomo ----------------------------------------------------------------
  {
    gender: "Uomo",
    subcategory: "slip",
    count: 5,
    styles: [
      { name: "Slip {line} in cotone elasticizzato", fabric: "cottonStretch", tags: ["cotone", "basico"] },
      { name: "Slip {line} in modal", fabric: "modal", tags: ["modal"] },
    ],
    sizes: sizeRuns.menUnderwear,
    palette: menBasicPalette,
    price: [790, 1690],
    brands: brands.menUnderwear,
    intros: [
      "Lo slip classico, comodo e pulito nelle linee, per tutti i giorni.",
      "Sostiene senza stringere e resta morbido anche dopo molti lavaggi.",
    ],
    details: "Elastico in vita morbido con logo in tono. Cuciture piatte.",
  },
  {
    gender: "Uomo",
    subcategory: "parigamba",
    count: 6,
    styles: [
      { name: "Boxer parigamba {line}", fabric: "cottonStretch", tags: ["boxer", "cotone"] },
      { name: "Parigamba {line} in microfibra", fabric: "microfibre", tags: ["microfibra", "sport"] },
      { name: "Parigamba {line} in cotone biologico", fabric: "organicCotton", tags: ["cotone biologico"] },
    ],
    sizes: sizeRuns.menUnderwear,
    palette: menBasicPalette,
    price: [990, 1990],
    brands: brands.menUnderwear,
    intros: [
      "Il parigamba aderente che non si arrotola e accompagna ogni movimento.",
      "Gamba media e vestibilità precisa: comodo sotto i pantaloni più sportivi come sotto l'abito.",
    ],
    details: "Elastico in vita rivestito. Gamba con bordo piatto antiarrotolamento.",
  },
  {
    gender: "Uomo",
    subcategory: "canottiera",
    count: 4,
    styles: [
      { name: "Canottiera {line} a costine", fabric: "ribbedCotton", tags: ["costine", "cotone"] },
      { name: "Canottiera {line} in lana e seta", fabric: "woolSilk", tags: ["lana e seta", "invernale"] },
      { name: "Canottiera spalla larga {line}", fabric: "cotton", tags: ["spalla larga", "cotone"] },
    ],
    sizes: sizeRuns.menUnderwear,
    palette: ["Bianco", "Nero", "Grigio Melange", "Blu Navy"],
    price: [990, 2490],
    brands: brands.basics,
    intros: [
      "La canottiera della tradizione, fresca d'estate e preziosa d'inverno sotto la camicia.",
      "Un primo strato aderente e discreto, che non si vede sotto gli abiti.",
    ],
    details: "Scollo e giromanica rifiniti con bordino. Lunghezza che resta nei pantaloni.",
  },
  {
    gender: "Uomo",
    subcategory: "t-shirt",
    count: 5,
    styles: [
      { name: "T-shirt girocollo {line}", fabric: "cotton", tags: ["girocollo", "cotone"] },
      { name: "T-shirt {line} in cotone biologico", fabric: "organicCotton", tags: ["cotone biologico"] },
      { name: "Polo {line} in piquet", fabric: "pique", tags: ["polo", "piquet"] },
      { name: "T-shirt intima {line} scollo a V", fabric: "modal", tags: ["intimo", "scollo a V"] },
    ],
    sizes: sizeRuns.men,
    palette: ["Bianco", "Nero", "Blu Navy", "Grigio Melange", "Verde Militare", "Azzurro", "Bordeaux"],
    price: [1490, 4990],
    brands: brands.basics,
    intros: [
      "Una t-shirt ben fatta, dal collo che non si sforma e dalla spalla precisa.",
      "Il basico che si indossa ogni giorno, da solo o sotto la giacca.",
    ],
    details: "Collo in costina con nastro di rinforzo. Orli a doppio ago.",
  },
  {
    gender: "Uomo",
    subcategory: "calze",
    count: 6,
    styles: [
      { name: "Calze lunghe {line} in filo di Scozia", fabric: "lisle", tags: ["filo di Scozia", "lunghe"] },
      { name: "Calzini corti {line}", fabric: "socksCotton", tags: ["corti", "cotone"], pack: 3 },
      { name: "Calze {line} in lana", fabric: "socksWool", tags: ["lana", "invernali"] },
      { name: "Calzini sportivi {line}", fabric: "socksCotton", tags: ["sport", "spugna"], pack: 3 },
    ],
    sizes: sizeRuns.menSocks,
    palette: ["Nero", "Blu Navy", "Antracite", "Grigio Melange", "Bordeaux", "Bianco"],
    price: [490, 1290],
    brands: brands.socks,
    intros: [
      "Calze resistenti e confortevoli, prodotte in un calzificio italiano.",
      "Il dettaglio che fa la differenza: calze che restano su e non si bucano al primo lavaggio.",
    ],
    details: "Punta rimagliata a mano. Rinforzo su tallone e punta.",
  },
  {
    gender: "Uomo",
    subcategory: "pigiama",
    count: 5,
    styles: [
      { name: "Pigiama {line} in flanella a quadri", fabric: "flannel", tags: ["flanella", "quadri"] },
      { name: "Pigiama lungo {line} in cotone", fabric: "cotton", tags: ["cotone"] },
      { name: "Pigiama {line} in jersey", fabric: "modal", tags: ["jersey", "modal"] },
    ],
    sizes: sizeRuns.men,
    palette: ["Blu Navy", "Grigio Melange", "Antracite", "Bordeaux", "Verde Bosco", "Azzurro"],
    price: [3490, 7990],
    brands: brands.nightwear,
    intros: [
      "Il pigiama classico, comodo e caldo, per notti serene.",
      "Casacca e pantalone morbidi, pensati per riposare e per le domeniche in casa.",
    ],
    details: "Casacca con bottoni e taschino. Pantalone con elastico e coulisse.",
  },
  {
    gender: "Uomo",
    subcategory: "maglia",
    count: 5,
    styles: [
      { name: "Maglione {line} in lana merino", fabric: "merino", tags: ["lana merino", "girocollo"] },
      { name: "Cardigan {line} in cashmere", fabric: "cashmere", tags: ["cashmere", "cardigan"] },
      { name: "Dolcevita {line} in lana merino", fabric: "merino", tags: ["dolcevita"] },
      { name: "Maglia a trecce {line}", fabric: "woolCashmere", tags: ["trecce", "lana"] },
    ],
    sizes: sizeRuns.men,
    palette: knitPalette,
    price: [5990, 21900],
    brands: brands.knitwear,
    intros: [
      "Il maglione che si indossa ogni giorno d'inverno, sopra la camicia o sulla t-shirt.",
      "Lavorato in Italia con filati pregiati, scalda senza ingombrare.",
    ],
    details: "Polsi e fondo a costine. Cuciture rimagliate.",
  },
  {
    gender: "Uomo",
    subcategory: "camicia",
    count: 4,
    styles: [
      { name: "Camicia {line} in popeline", fabric: "poplin", tags: ["popeline", "classica"] },
      { name: "Camicia {line} in lino", fabric: "linen", tags: ["lino", "estiva"] },
      { name: "Camicia {line} in flanella a quadri", fabric: "flannel", tags: ["flanella", "quadri"] },
    ],
    sizes: sizeRuns.shirtCollar,
    palette: ["Bianco", "Azzurro", "Blu Navy", "Rosa Cipria", "Verde Salvia", "Bordeaux"],
    price: [4990, 9900],
    brands: brands.menClothing,
    intros: [
      "Una camicia dal collo ben costruito, adatta all'ufficio come alla cena con gli amici.",
      "Vestibilità regolare e tessuto di qualità: la camicia che non delude.",
    ],
    details: "Collo francese con stecche removibili. Taglie riferite alla circonferenza del collo.",
  },
  {
    gender: "Uomo",
    subcategory: "pantaloni",
    count: 3,
    styles: [
      { name: "Pantaloni chino {line}", fabric: "gabardine", tags: ["chino"] },
      { name: "Pantaloni {line} in lana", fabric: "woolTrousers", tags: ["lana", "eleganti"] },
      { name: "Pantaloni {line} in velluto a coste", fabric: "corduroy", tags: ["velluto"] },
    ],
    sizes: sizeRuns.menTailored,
    palette: ["Blu Navy", "Beige", "Grigio Melange", "Antracite", "Verde Militare", "Marrone"],
    price: [5990, 13900],
    brands: brands.menClothing,
    intros: [
      "Un pantalone versatile dal taglio regolare, che sta bene con la giacca e con il maglione.",
      "Vita comoda e gamba leggermente affusolata, per un'eleganza senza sforzo.",
    ],
    details: "Chiusura con zip e bottone. Tasche america e due tasche posteriori a filetto.",
  },
  {
    gender: "Uomo",
    subcategory: "giacca",
    count: 3,
    styles: [
      { name: "Giacca {line} in tweed", fabric: "tweed", tags: ["tweed"] },
      { name: "Giacca {line} in lino", fabric: "linen", tags: ["lino", "estiva"] },
      { name: "Giacca destrutturata {line}", fabric: "woolCashmere", tags: ["destrutturata"] },
    ],
    sizes: sizeRuns.menTailored,
    palette: ["Blu Navy", "Grigio Melange", "Beige", "Marrone", "Verde Bosco"],
    price: [12900, 24900],
    brands: brands.menClothing,
    intros: [
      "La giacca che dà carattere a ogni abbinamento, dal jeans al pantalone in flanella.",
      "Spalla morbida e linea asciutta, secondo la tradizione sartoriale italiana.",
    ],
    details: "Due bottoni, spacchi laterali. Tasche applicate e taschino.",
  },
  {
    gender: "Uomo",
    subcategory: "cappotto",
    count: 2,
    styles: [
      { name: "Cappotto monopetto {line}", fabric: "coatWool", tags: ["monopetto", "lana"] },
      { name: "Cappotto {line} in cashmere", fabric: "cashmere", tags: ["cashmere"] },
    ],
    sizes: sizeRuns.menTailored,
    palette: ["Blu Navy", "Cammello", "Antracite", "Nero"],
    price: [24900, 32900],
    brands: brands.outerwear,
    intros: [
      "Un cappotto dalla linea pulita che si indossa sull'abito come sul maglione.",
      "Il capospalla di una vita: tagliato con cura, in un tessuto che non teme gli anni.",
    ],
    details: "Interamente foderato. Tre bottoni, tasche con pattina e tasca interna.",
  },
  {
    gender: "Uomo",
    subcategory: "piumino",
    count: 3,
    styles: [
      { name: "Piumino {line} con cappuccio", fabric: "down", tags: ["cappuccio", "piuma d'oca"] },
      { name: "Piumino leggero {line}", fabric: "down", tags: ["leggero", "ripiegabile"] },
      { name: "Parka imbottito {line}", fabric: "padding", tags: ["parka"] },
    ],
    sizes: sizeRuns.men,
    palette: outerPalette,
    price: [14900, 28900],
    brands: brands.outerwear,
    intros: [
      "Protegge da freddo, vento e pioggia leggera senza pesare sulle spalle.",
      "Il piumino per tutti i giorni, caldo e pratico, con tasche capienti.",
    ],
    details: "Zip con pattina antivento. Tasche esterne con zip e tasca interna.",
  },
  {
    gender: "Uomo",
    subcategory: "sciarpa",
    count: 2,
    styles: [
      { name: "Sciarpa {line} in cashmere", fabric: "cashmere", tags: ["cashmere"] },
      { name: "Sciarpa {line} in lana", fabric: "woolCashmere", tags: ["lana"] },
    ],
    sizes: sizeRuns.one,
    palette: ["Blu Navy", "Grigio Melange", "Cammello", "Bordeaux", "Antracite"],
    price: [3990, 12900],
    brands: brands.knitwear,
    intros: [
      "Morbida e calda, completa il cappotto con discrezione.",
      "La sciarpa che non si toglie da novembre a marzo.",
    ],
    details: "Misure 180 x 30 cm. Frange corte annodate a mano.",
  },
  {
    gender: "Uomo",
    subcategory: "telo",
    count: 2,
    styles: [
      { name: "Telo mare {line} in spugna", fabric: "terry", tags: ["mare", "spugna"] },
      { name: "Telo mare a righe {line}", fabric: "terry", tags: ["mare", "righe"], singleColour: true },
    ],
    sizes: sizeRuns.one,
    palette: ["Blu Navy", "Turchese", "Bianco", "Senape"],
    price: [2490, 4490],
    brands: brands.beach,
    intros: [
      "Un telo grande e assorbente, 100 x 180 cm, per la spiaggia e la piscina.",
      "Spugna di cotone corposa che asciuga in fretta al sole.",
    ],
    details: "Misure 100 x 180 cm. Orlo rinforzato.",
  },
  // --- Bambini -------------------------------------------------------------
  {
    gender: "Bambini",
    subcategory: "pigiama",
    count: 5,
    styles: [
      { name: "Pigiama {line} in cotone", fabric: "interlock", tags: ["cotone"] },
      { name: "Pigiama {line} in ciniglia", fabric: "chenille", tags: ["ciniglia", "invernale"] },
      { name: "Pigiama {line} in flanella", fabric: "flannel", tags: ["flanella", "invernale"] },
    ],
    sizes: sizeRuns.kids,
    palette: kidsPalette,
    price: [1690, 3490],
    brands: brands.kids,
    intros: [
      "Un pigiama morbido e allegro, per notti serene e risvegli felici.",
      "Comodo da infilare e resistente ai lavaggi, pensato per i più piccoli.",
    ],
    details: "Polsini e caviglie in costina. Elastico in vita morbido. Taglie espresse in anni.",
  },
  {
    gender: "Bambini",
    subcategory: "slip",
    count: 3,
    styles: [
      { name: "Slip bambina {line} in cotone", fabric: "cottonStretch", tags: ["bambina", "cotone"] },
      { name: "Slip bambino {line} in cotone", fabric: "cottonStretch", tags: ["bambino", "cotone"] },
    ],
    sizes: sizeRuns.kids,
    palette: kidsPalette,
    price: [590, 1290],
    brands: brands.kids,
    intros: [
      "Slip in cotone morbido, con elastici che non segnano la pelle delicata dei bambini.",
      "Colorati e comodi, per le giornate all'asilo e a scuola.",
    ],
    details: "Elastico rivestito. Taglie espresse in anni.",
  },
  {
    gender: "Bambini",
    subcategory: "canottiera",
    count: 2,
    styles: [
      { name: "Canottiera {line} in cotone", fabric: "ribbedCotton", tags: ["cotone"] },
      { name: "Canottiera {line} in lana e seta", fabric: "woolSilk", tags: ["lana e seta", "invernale"] },
    ],
    sizes: sizeRuns.kids,
    palette: ["Bianco", "Azzurro", "Rosa Cipria", "Avorio"],
    price: [690, 1490],
    brands: brands.kids,
    intros: [
      "La canottiera che protegge dal freddo di scuola e dei pomeriggi al parco.",
      "Un primo strato morbido e caldo, che non pizzica.",
    ],
    details: "Scollo rifinito con bordino piatto. Taglie espresse in anni.",
  },
  {
    gender: "Bambini",
    subcategory: "t-shirt",
    count: 3,
    styles: [
      { name: "T-shirt {line} in cotone biologico", fabric: "organicCotton", tags: ["cotone biologico"] },
      { name: "T-shirt stampata {line}", fabric: "interlock", tags: ["stampa"] },
    ],
    sizes: sizeRuns.kids,
    palette: kidsPalette,
    price: [990, 1990],
    brands: brands.kids,
    intros: [
      "Una t-shirt colorata e resistente, pronta per tutti i giochi.",
      "Morbida e fresca, si infila in un attimo e resiste ai lavaggi frequenti.",
    ],
    details: "Apertura con bottoncini sulla spalla per le taglie più piccole. Taglie espresse in anni.",
  },
  {
    gender: "Bambini",
    subcategory: "calze",
    count: 3,
    styles: [
      { name: "Calzini antiscivolo {line}", fabric: "socksCotton", tags: ["antiscivolo"], pack: 3 },
      { name: "Calze {line} in cotone", fabric: "socksCotton", tags: ["cotone"] },
    ],
    sizes: sizeRuns.kidsSocks,
    palette: kidsPalette,
    price: [490, 990],
    brands: [...brands.kids, "Calzificio Ardesia"],
    intros: [
      "Calze morbide e resistenti, con un polsino che non stringe.",
      "Colori allegri e cotone di qualità per piedini sempre asciutti.",
    ],
    details: "Suola con puntini antiscivolo dove indicato. Punta senza cuciture.",
  },
  {
    gender: "Bambini",
    subcategory: "maglia",
    count: 3,
    styles: [
      { name: "Maglioncino {line} in lana merino", fabric: "merino", tags: ["lana merino"] },
      { name: "Felpa {line} con cappuccio", fabric: "fleece", tags: ["felpa", "cappuccio"] },
      { name: "Cardigan {line} in cotone", fabric: "cotton", tags: ["cardigan", "cotone"] },
    ],
    sizes: sizeRuns.kids,
    palette: kidsPalette,
    price: [1990, 4990],
    brands: brands.kids,
    intros: [
      "Caldo e morbido, il capo perfetto per le mattine fresche.",
      "Facile da indossare e da lavare, accompagna i bambini dall'asilo al parco.",
    ],
    details: "Polsi e fondo a costine. Taglie espresse in anni.",
  },
  {
    gender: "Bambini",
    subcategory: "piumino",
    count: 2,
    styles: [
      { name: "Piumino {line} con cappuccio", fabric: "padding", tags: ["cappuccio"] },
      { name: "Piumino leggero {line}", fabric: "down", tags: ["leggero", "piuma d'oca"] },
    ],
    sizes: sizeRuns.kids,
    palette: ["Blu Navy", "Rosso", "Senape", "Rosa Cipria", "Verde Bosco"],
    price: [5990, 11900],
    brands: brands.kids,
    intros: [
      "Il piumino che tiene al caldo durante i giochi all'aperto, leggero e resistente.",
      "Caldo e colorato, con un cappuccio che ripara dal vento.",
    ],
    details: "Zip con protezione per il mento. Polsini elasticizzati. Taglie espresse in anni.",
  },
  {
    gender: "Bambini",
    subcategory: "pantaloni",
    count: 2,
    styles: [
      { name: "Pantaloni {line} in felpa", fabric: "fleece", tags: ["felpa", "tuta"] },
      { name: "Jeans {line}", fabric: "denim", tags: ["jeans", "denim"] },
    ],
    sizes: sizeRuns.kids,
    palette: ["Blu Navy", "Grigio Melange", "Azzurro", "Verde Militare"],
    price: [1990, 3990],
    brands: brands.kids,
    intros: [
      "Pantaloni comodi e robusti, fatti per correre, saltare e arrampicarsi.",
      "Vita elastica regolabile per crescere insieme al bambino.",
    ],
    details: "Elastico interno regolabile con bottoni. Ginocchia rinforzate. Taglie espresse in anni.",
  },
  {
    gender: "Bambini",
    subcategory: "gonna",
    count: 2,
    styles: [
      { name: "Gonna {line} in tulle", fabric: "tulle", tags: ["tulle", "festa"] },
      { name: "Gonna a pieghe {line}", fabric: "cotton", tags: ["pieghe"] },
    ],
    sizes: sizeRuns.kids,
    palette: ["Rosa Cipria", "Lilla", "Blu Navy", "Avorio", "Rosso"],
    price: [1990, 3490],
    brands: brands.kids,
    intros: [
      "Una gonna vaporosa per le feste e per tutti i giorni in cui ci si sente principesse.",
      "Comoda e femminile, con la vita elastica che non stringe.",
    ],
    details: "Vita elastica. Fodera in cotone. Taglie espresse in anni.",
  },
  {
    gender: "Bambini",
    subcategory: "giacca",
    count: 1,
    styles: [{ name: "Giacca {line} in jeans", fabric: "denim", tags: ["jeans", "denim"] }],
    sizes: sizeRuns.kids,
    palette: ["Azzurro", "Blu Navy"],
    price: [3490, 4990],
    brands: brands.kids,
    intros: ["La giacca di jeans che sta bene su tutto, dalla primavera all'autunno."],
    details: "Bottoni a pressione facili da aprire. Taschini sul petto. Taglie espresse in anni.",
  },
  {
    gender: "Bambini",
    subcategory: "intero",
    count: 2,
    styles: [{ name: "Costume intero bambina {line}", fabric: "swim", tags: ["mare", "bambina"] }],
    sizes: sizeRuns.kids,
    palette: ["Fucsia", "Turchese", "Corallo", "Azzurro", "Rosso"],
    price: [1990, 3490],
    brands: brands.kidsSwim,
    intros: [
      "Un costume allegro e resistente, con protezione dai raggi UV.",
      "Colori vivaci e tessuto che asciuga in fretta, per giornate intere tra sabbia e onde.",
    ],
    details: "Tessuto con protezione UV 50+. Spalline incrociate. Taglie espresse in anni.",
  },
  {
    gender: "Bambini",
    subcategory: "bikini",
    count: 2,
    styles: [{ name: "Bikini bambina {line} con volant", fabric: "swim", tags: ["mare", "bambina", "volant"] }],
    sizes: sizeRuns.kids,
    palette: ["Fucsia", "Turchese", "Corallo", "Lilla", "Rosso"],
    price: [1990, 2990],
    brands: brands.kidsSwim,
    intros: [
      "Un due pezzi con volant, pensato per giocare in libertà sulla spiaggia.",
      "Tessuto resistente al cloro e alla salsedine, con protezione UV.",
    ],
    details: "Tessuto con protezione UV 50+. Slip foderato. Taglie espresse in anni.",
  },
];

// ---------------------------------------------------------------------------
// Words for names, texts and reviews
// ---------------------------------------------------------------------------

const modelLines: Record<Gender, string[]> = {
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

const closings: Record<Gender, string[]> = {
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

const fitNotes = [
  "Vestibilità regolare: consigliamo la taglia abituale.",
  "Vestibilità regolare: consigliamo la taglia abituale.",
  "Veste leggermente piccolo: se sei tra due taglie scegli la più grande.",
  "Vestibilità morbida: per un effetto più aderente scegli una taglia in meno.",
];

const origins = [
  "Prodotto in Italia.",
  "Prodotto in Italia.",
  "Tessuto italiano, confezionato in Portogallo.",
  "Confezionato in Romania con filati italiani.",
  "Prodotto in Europa.",
];

const reviewAuthors = [
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

type Rating = 1 | 2 | 3 | 4 | 5;

const reviewOpenings: Record<Rating, string[]> = {
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
const reviewSizeOpenings: Partial<Record<Rating, string[]>> = {
  4: ["Molto bello, solo la taglia è leggermente abbondante."],
  3: ["Il capo va bene, ma veste più piccolo del previsto: meglio prendere una taglia in più."],
  1: ["La taglia non corrisponde per niente alla tabella."],
};

const reviewRemarks: Record<Gender, string[]> = {
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
const oneSizeRemarks = [
  "Ancora più bello dal vivo.",
  "Materiale di ottima qualità.",
  "L'ho preso come regalo ed è stato molto apprezzato.",
];

/** For reviews of 3 stars or fewer: the product disappointed, the shop did not. */
const reviewServiceNotes = [
  "Spedizione comunque veloce e pacco curato.",
  "Il servizio clienti è stato molto disponibile.",
  "In negozio mi hanno aiutato a trovare un'alternativa.",
];

const reviewClosings = [
  "Il personale del negozio è stato gentilissimo.",
  "Lo consiglio.",
  "Tornerò sicuramente ad acquistare.",
  "Spedizione veloce e pacco curato.",
];

const subcategoryCodes: Record<Subcategory, string> = {
  pigiama: "PIG",
  maglia: "MAG",
  calze: "CAL",
  slip: "SLP",
  reggiseno: "REG",
  panty: "PTY",
  "t-shirt": "TSH",
  canottiera: "CAN",
  cappotto: "CAP",
  giacca: "GIA",
  pantaloni: "PAN",
  modellatore: "MOD",
  culotte: "CUL",
  parigamba: "PAR",
  piumino: "PIU",
  camicia: "CAM",
  kaftano: "KAF",
  telo: "TEL",
  sciarpa: "SCI",
  intero: "INT",
  bikini: "BIK",
  gonna: "GON",
  borsa: "BOR",
};

const autumnWinter = new Set<Subcategory>(["maglia", "cappotto", "piumino", "sciarpa", "pigiama", "giacca", "calze"]);

// ---------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------

const dayMs = 24 * 60 * 60 * 1000;
const hourMs = 60 * 60 * 1000;
const firstCreatedAt = Date.UTC(2026, 0, 8, 8, 30);
/** Products are created 39 hours apart, which spreads ~180 of them from January to late October. */
const creationStepMs = 39 * hourMs;
/** Nothing in the demo data happens after this instant. */
const demoNow = Date.UTC(2026, 10, 15, 18, 0);
const newCollectionFrom = Date.UTC(2026, 6, 1);
const outletBefore = Date.UTC(2026, 5, 1);
const discountBefore = Date.UTC(2026, 8, 15);

// ---------------------------------------------------------------------------
// Building
// ---------------------------------------------------------------------------

/** A product before it has an id, dates, prices and stock. */
type Draft = {
  template: Template;
  style: Style;
  name: string;
  brand: string;
  colours: { name: string; code: string }[];
  sizes: string[];
  listPriceCents: number;
  description: string;
  detailsAccordion: string;
};

export function buildDemoCatalog(): DemoProduct[] {
  const random = createRandom(1978);
  const drafts = templates.flatMap((template) => draftProducts(template, random));
  const products = random.shuffle(drafts).map((draft, index) => placeProduct(draft, index + 1, random));
  applyStockScenarios(products, random);
  withdrawPrices(products, random);
  let variantId = 1;
  for (const product of products) {
    for (const variant of product.variants) variant.id = variantId++;
  }
  return products;
}

function draftProducts(template: Template, random: Random): Draft[] {
  const usedNames = new Set<string>();
  const lines = random.shuffle(modelLines[template.gender]);
  return Array.from({ length: template.count }, (_, index) => {
    // Styles and brands in turn, so that every one of them is in the catalogue.
    const style = itemAt(template.styles, index % template.styles.length);
    const brand = itemAt(template.brands, index % template.brands.length);
    const nameWithLine = (lineIndex: number) => style.name.replace("{line}", itemAt(lines, lineIndex % lines.length));
    let lineIndex = index;
    while (usedNames.has(nameWithLine(lineIndex))) lineIndex++;
    const name = nameWithLine(lineIndex);
    usedNames.add(name);
    const fabric = fabrics[style.fabric];
    const sizes = sizeRange(style.sizes ?? template.sizes, random);
    const palette = random.shuffle(template.palette);
    const colours = style.singleColour
      ? [{ name: ONE_COLOUR, code: demoColours[itemAt(palette, 0)] }]
      : palette.slice(0, random.int(1, Math.min(4, palette.length))).map((colour) => ({
          name: colour,
          code: demoColours[colour],
        }));
    return {
      template,
      style,
      name,
      brand,
      colours,
      sizes,
      listPriceCents: pricePoint(template.price, random),
      description: [
        random.pick(template.intros),
        fabric.sentence,
        random.pick(closings[template.gender]).replace("{brand}", brand),
      ].join(" "),
      detailsAccordion: [template.details, sizes[0] === ONE_SIZE ? "" : random.pick(fitNotes), random.pick(origins)]
        .filter(Boolean)
        .join(" "),
    };
  });
}

/** A run of neighbouring sizes: most products skip the smallest or largest sizes of their kind. */
function sizeRange(sizes: readonly string[], random: Random): string[] {
  if (sizes.length <= 3) return [...sizes];
  const length = random.int(Math.min(4, sizes.length), Math.min(8, sizes.length));
  const start = random.int(0, sizes.length - length);
  return sizes.slice(start, start + length);
}

const pricePointsCents = [
  490, 590, 690, 790, 890, 990, 1290, 1490, 1690, 1990, 2290, 2490, 2790, 2990, 3490, 3990, 4490, 4990, 5490, 5990,
  6490, 6990, 7990, 8990, 9900, 10900, 11900, 12900, 13900, 14900, 16900, 18900, 21900, 24900, 28900, 32900,
];

function pricePoint([min, max]: [number, number], random: Random): number {
  return random.pick(pricePointsCents.filter((cents) => cents >= min && cents <= max));
}

function placeProduct(draft: Draft, id: number, random: Random): DemoProduct {
  const { template, style } = draft;
  const createdAtMs = firstCreatedAt + (id - 1) * creationStepMs + random.int(0, 300) * 60_000;
  const createdAt = new Date(createdAtMs);
  const sku = `${subcategoryCodes[template.subcategory]}-${template.gender[0]}${String(id).padStart(4, "0")}`;
  const fabric = fabrics[style.fabric];

  const isNewCollection = autumnWinter.has(template.subcategory) && createdAtMs >= newCollectionFrom;
  const isOutlet = !isNewCollection && createdAtMs < outletBefore && random.chance(0.28);
  const discountPercentage = isOutlet
    ? random.chance(0.85)
      ? random.pick([30, 40, 50])
      : 0
    : createdAtMs < discountBefore && random.chance(0.1)
      ? random.pick([10, 15, 20, 25])
      : 0;
  const priceHistory = discountPercentage
    ? discountHistory(draft.listPriceCents, discountPercentage, createdAtMs, random)
    : [{ priceCents: draft.listPriceCents, validFrom: createdAt }];
  const lastPrice = itemAt(priceHistory, priceHistory.length - 1);

  const variants = draft.colours.flatMap((colour, colourIndex) =>
    draft.sizes.map((size, sizeIndex) => ({
      id: 0, // numbered across the whole catalogue once every product is placed
      colorName: colour.name,
      colorCode: colour.code,
      size,
      sku: `${sku}-${skuCode(colour.name)}-${size.replace(/[^0-9A-Za-z]/g, "").toUpperCase()}`,
      stock: random.chance(0.1) ? 0 : random.int(2, 24),
      position: colourIndex * draft.sizes.length + sizeIndex,
    })),
  );

  const images = draft.colours.flatMap((colour, colourIndex) =>
    [0, 1].map((view) => {
      const label = colour.name === ONE_COLOUR ? draft.name : `${draft.name} – ${colour.name}`;
      return {
        colorName: colour.name,
        colorCode: colour.code,
        view,
        position: colourIndex * 2 + view,
        path: `/files/products/${id}/${slugify(colour.name)}-${view}.svg`,
        alt: view === 0 ? label : `${label}, dettaglio`,
      };
    }),
  );

  const tags = [...style.tags, template.subcategory];
  if (isNewCollection) tags.push("autunno-inverno");

  return {
    id,
    name: draft.name,
    gender: template.gender,
    subcategory: template.subcategory,
    brand: draft.brand,
    description: draft.description,
    composition: fabric.composition,
    washing: [...fabric.washing],
    detailsAccordion: draft.detailsAccordion,
    minQuantity: style.pack ?? 1,
    pricePerPack: style.pack ? `confezione da ${style.pack}` : null,
    priceCents: lastPrice.priceCents,
    originalPriceCents: discountPercentage ? draft.listPriceCents : null,
    discountPercentage,
    isNew: false,
    isNewCollection,
    isOutlet,
    tags,
    sku,
    createdAt,
    updatedAt: lastPrice.validFrom,
    variants,
    images,
    priceHistory,
    reviews: buildReviews(template.gender, draft.sizes[0] === ONE_SIZE, createdAtMs, random),
  };
}

/**
 * List price from creation, sometimes a short earlier promotion, then the current reduced price.
 * The earlier promotion, when it falls in the 30 days before the reduction, is the Omnibus
 * "lowest price of the previous 30 days" and differs from the list price.
 */
function discountHistory(listCents: number, percentage: number, createdAtMs: number, random: Random): DemoPrice[] {
  const reducedFrom = Math.min(createdAtMs + random.int(35, 90) * dayMs, demoNow - 5 * dayMs);
  const history: DemoPrice[] = [{ priceCents: listCents, validFrom: new Date(createdAtMs) }];
  if (random.chance(0.5)) {
    const promoFrom = reducedFrom - random.int(12, 25) * dayMs;
    history.push(
      // Half the final reduction, so the reduction stays a real one against the 30-day low.
      { priceCents: Math.round((listCents * (200 - percentage)) / 200), validFrom: new Date(promoFrom) },
      { priceCents: listCents, validFrom: new Date(promoFrom + 7 * dayMs) },
    );
  }
  history.push({ priceCents: Math.round((listCents * (100 - percentage)) / 100), validFrom: new Date(reducedFrom) });
  return history;
}

function buildReviews(gender: Gender, isOneSize: boolean, createdAtMs: number, random: Random): DemoReview[] {
  if (!random.chance(0.6)) return [];
  const authors = random.shuffle(reviewAuthors).slice(0, random.int(1, 5));
  const reviews = authors.map((author) => {
    const roll = random.next();
    // Mostly happy customers, as in a real shop.
    const rating: Rating = roll < 0.45 ? 5 : roll < 0.75 ? 4 : roll < 0.88 ? 3 : roll < 0.95 ? 2 : 1;
    const openings = isOneSize
      ? reviewOpenings[rating]
      : [...reviewOpenings[rating], ...(reviewSizeOpenings[rating] ?? [])];
    const sentences = [random.pick(openings)];
    if (rating >= 4 && random.chance(0.6))
      sentences.push(random.pick(isOneSize ? oneSizeRemarks : reviewRemarks[gender]));
    if (random.chance(0.3)) sentences.push(random.pick(rating >= 4 ? reviewClosings : reviewServiceNotes));
    const createdAt = Math.min(createdAtMs + random.int(4, 120) * dayMs + random.int(0, 720) * 60_000, demoNow);
    return { author, rating, content: sentences.join(" "), createdAt: new Date(createdAt) };
  });
  return reviews.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/**
 * Makes sure the catalogue shows every stock situation the storefront handles: sold-out products
 * (some in the outlet), sold-out colours, single pieces, and the newest arrivals flagged as new.
 */
function applyStockScenarios(products: DemoProduct[], random: Random): void {
  const outlet = random.shuffle(products.filter((product) => product.isOutlet));
  const others = random.shuffle(products.filter((product) => !product.isOutlet));
  const soldOut = [...outlet.slice(0, 2), ...others.slice(0, 5)];
  for (const product of soldOut) {
    for (const variant of product.variants) variant.stock = 0;
  }
  const soldOutIds = new Set(soldOut.map((product) => product.id));
  const available = random.shuffle(products.filter((product) => !soldOutIds.has(product.id)));

  // The last piece of a whole product, then last pieces of single variants.
  for (const product of available.slice(0, 3)) {
    for (const variant of product.variants) variant.stock = 0;
    itemAt(product.variants, random.int(0, product.variants.length - 1)).stock = 1;
  }
  for (const product of available.slice(3, 20)) {
    const inStock = product.variants.filter((variant) => variant.stock > 0);
    if (inStock.length > 1) random.pick(inStock).stock = 1;
  }

  const multiColour = available.slice(20).filter((product) => colourNames(product).length >= 2);
  for (const product of multiColour.slice(0, 12)) {
    const colour = random.pick(colourNames(product));
    for (const variant of product.variants) if (variant.colorName === colour) variant.stock = 0;
  }

  const newest = [...products].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, 16);
  for (const product of newest) product.isNew = !soldOutIds.has(product.id) && random.chance(0.75);
}

/** A few products whose price is not available yet: shown in the shop, not purchasable. */
function withdrawPrices(products: DemoProduct[], random: Random): void {
  const candidates = products.filter(
    (product) => product.discountPercentage === 0 && !product.isOutlet && !product.isNew && product.minQuantity === 1,
  );
  for (const product of random.shuffle(candidates).slice(0, 3)) {
    product.priceCents = null;
    product.priceHistory = [];
  }
}

function colourNames(product: DemoProduct): string[] {
  return [...new Set(product.variants.map((variant) => variant.colorName))];
}

function skuCode(colourName: string): string {
  return slugify(colourName)
    .split("-")
    .map((word) => word.slice(0, 3).toUpperCase())
    .join("");
}
