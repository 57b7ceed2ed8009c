// The demo catalogue's materials: colours, size runs, fabrics with their washing instructions,
// and the invented suppliers' brands. Data only; catalog.ts builds the products from it.
import { ONE_SIZE } from "~/modules/catalog/selection";

// ---------------------------------------------------------------------------
// Colours, sizes, brands
// ---------------------------------------------------------------------------

export const demoColours = {
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

export type ColourName = keyof typeof demoColours;

export const sizeRuns = {
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

export const fabrics = {
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

export type FabricName = keyof typeof fabrics;

// ---------------------------------------------------------------------------
// Brands: 22 names of the shop's (invented) suppliers
// ---------------------------------------------------------------------------

export const brands = {
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
