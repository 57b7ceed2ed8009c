// The demo blog: articles written by the shop's staff, with readers' comments and ratings.
// Fixed dates and hand-written text, so every call returns exactly the same data.
import { createHash } from "node:crypto";

type DemoBlogComment = { author: string; content: string; createdAt: Date };

type DemoBlogRating = { voterKey: string; rating: number; createdAt: Date };

export type DemoBlogPost = {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  contentHtml: string;
  imageUrl: string;
  publishedAt: Date;
  author: string;
  category: string;
  comments: DemoBlogComment[];
  ratings: DemoBlogRating[];
};

type Article = Omit<DemoBlogPost, "id" | "imageUrl" | "comments" | "ratings"> & {
  comments: { author: string; content: string; daysAfter: number }[];
  /** One vote per demo visitor. */
  ratings: number[];
};

const dayMs = 24 * 60 * 60 * 1000;

const articles: Article[] = [
  {
    slug: "lavare-la-lana-senza-rovinarla",
    title: "Lavare la lana senza rovinarla: sei regole d'oro",
    excerpt:
      "Maglioni infeltriti e cardigan sformati non sono un destino inevitabile. Ecco come lavare, asciugare e conservare lana e cashmere perché durino per anni.",
    category: "Cura dei capi",
    author: "Elena Giordano",
    publishedAt: new Date("2026-02-05T09:00:00Z"),
    contentHtml: `
<p>Quante volte è capitato di tirare fuori dalla lavatrice un maglione diventato della taglia di un bambino? La lana è una fibra straordinaria: calda, traspirante, capace di assorbire l'umidità senza dare sensazione di bagnato. Ma chiede qualche attenzione. Con sei semplici regole i vostri capi in lana merino e cashmere resteranno morbidi e in forma per molti inverni.</p>
<h2>1. Lavate meno spesso</h2>
<p>La lana è naturalmente antibatterica e non trattiene gli odori. Nella maggior parte dei casi basta arieggiare il maglione per una notte, magari appeso vicino a una finestra aperta. Lavatelo solo quando è davvero necessario: ogni lavaggio, anche il più delicato, consuma un po' la fibra.</p>
<h2>2. Acqua fredda e detersivo specifico</h2>
<p>Il nemico della lana è lo shock termico: il passaggio dall'acqua calda a quella fredda, insieme allo sfregamento, fa infeltrire le fibre. Lavate a mano in acqua fredda o tiepida, mai oltre i 30°C, con un detersivo specifico per lana. Se usate la lavatrice, scegliete il programma lana, con una centrifuga bassa.</p>
<h2>3. Niente strizzate</h2>
<p>Non strizzate e non torcete mai un capo in lana bagnato. Premetelo delicatamente tra le mani per far uscire l'acqua, poi arrotolatelo in un asciugamano di spugna e premete ancora: l'asciugamano assorbirà gran parte dell'umidità.</p>
<h2>4. Asciugatura in piano</h2>
<p>Stendete il maglione su un asciugamano asciutto, su una superficie piana, ridandogli la sua forma con le mani. Tenetelo lontano dai termosifoni e dal sole diretto. Appenderlo allo stendino, invece, lo farebbe allungare sotto il peso dell'acqua.</p>
<h2>5. Pelucchi e stiratura</h2>
<p>I pallini sono normali, soprattutto nei punti di sfregamento come i fianchi e le maniche: non sono un difetto, ma il segno di fibre lunghe e morbide. Si eliminano con un pettine apposito o con un levapelucchi. Per stirare usate il vapore, tenendo il ferro sollevato, oppure interponete un panno umido.</p>
<h2>6. Conservazione</h2>
<p>A fine stagione riponete la lana pulita, piegata e non appesa, in sacchetti di cotone traspirante. Qualche pezzetto di legno di cedro o un sacchetto di lavanda terrà lontane le tarme. E quando l'inverno tornerà, i vostri maglioni saranno pronti, come nuovi.</p>
`,
    comments: [
      {
        author: "Lucia",
        content:
          "Il trucco dell'asciugamano arrotolato è geniale: il mio cardigan in cashmere si è asciugato in metà del tempo.",
        daysAfter: 2,
      },
      {
        author: "Roberto",
        content: "Non sapevo che la lana non trattenesse gli odori. Da oggi lavo molto meno i maglioni!",
        daysAfter: 9,
      },
    ],
    ratings: [5, 5, 4, 5, 4],
  },
  {
    slug: "come-scegliere-il-reggiseno-giusto",
    title: "Come scegliere il reggiseno giusto: la guida alla taglia perfetta",
    excerpt:
      "La maggior parte delle donne indossa un reggiseno della taglia sbagliata. Con un metro da sarta e qualche accorgimento puoi trovare quello che ti sta davvero bene.",
    category: "Guide",
    author: "Giulia Bruno",
    publishedAt: new Date("2026-03-12T09:00:00Z"),
    contentHtml: `
<p>Spalline che scivolano, ferretti che pungono, coppe che fanno le pieghe: se vi riconoscete in almeno uno di questi problemi, probabilmente portate il reggiseno della taglia sbagliata. Non siete le sole. Nella nostra esperienza di consulenza in negozio, la grande maggioranza delle donne che si fa misurare scopre di avere bisogno di una taglia diversa, quasi sempre con un giro più stretto e una coppa più grande.</p>
<h2>Come prendere le misure</h2>
<p>Vi servono un metro da sarta e uno specchio. Indossate un reggiseno non imbottito e prendete due misure:</p>
<ul>
<li><strong>Il sottoseno</strong>: il metro passa appena sotto il seno, ben aderente e parallelo al pavimento. Questa misura indica la taglia, cioè il giro.</li>
<li><strong>Il seno</strong>: il metro passa sul punto più pieno, senza stringere. La differenza tra le due misure indica la coppa.</li>
</ul>
<p>In Italia le taglie del giro si indicano con un numero (2, 3, 4, 5…) e le coppe con una lettera. Una differenza di circa 12-13 centimetri corrisponde alla coppa B, 14-15 alla C, 16-17 alla D. Nella tabella taglie di ogni marchio trovate le corrispondenze esatte.</p>
<h2>I segnali di una taglia sbagliata</h2>
<p>Il giro è la parte che sostiene davvero il seno, non le spalline. Se il reggiseno sale sulla schiena, il giro è troppo largo. Se il seno esce dalla coppa o il ferretto appoggia sul seno invece che sullo sterno, la coppa è troppo piccola. Se la coppa fa pieghe o resta vuota in alto, è troppo grande oppure il modello non è adatto alla vostra forma.</p>
<p>Ricordate che un reggiseno nuovo va allacciato sul gancetto più largo: con il tempo l'elastico cede e potrete passare a quelli più stretti.</p>
<h2>Il modello giusto per ogni forma</h2>
<p>Non esiste un reggiseno perfetto per tutte. Il balconcino valorizza il décolleté ed è ideale con le scollature ampie. Il reggiseno imbottito con coppe preformate è invisibile sotto le maglie aderenti. Le bralette senza ferretto sono perfette per chi ha un seno piccolo o medio e cerca comodità. Per un seno generoso, i modelli con ferretto e coppe a tre pezzi offrono il sostegno migliore.</p>
<h2>Quando chiedere aiuto</h2>
<p>Il corpo cambia nel corso della vita: dopo una gravidanza, con lo sport, con il passare degli anni. Per questo conviene rifare le misure almeno una volta all'anno. Se avete dubbi, prenotate una consulenza gratuita in negozio: in un quarto d'ora, con calma e nella massima riservatezza, troveremo insieme il modello e la taglia che fanno per voi.</p>
`,
    comments: [
      {
        author: "Martina",
        content:
          "Ho seguito la guida e ho scoperto di portare una coppa in meno di quella giusta da anni. Che differenza!",
        daysAfter: 3,
      },
      {
        author: "Federica",
        content: "Sono passata in negozio per la consulenza: gentilissime e molto preparate. Consigliatissimo.",
        daysAfter: 15,
      },
      {
        author: "Serena",
        content: "Utile anche la parte sui gancetti, non ci avevo mai pensato.",
        daysAfter: 40,
      },
    ],
    ratings: [5, 5, 5, 4, 5, 5, 3],
  },
  {
    slug: "slip-boxer-o-parigamba",
    title: "Slip, boxer o parigamba? Piccola guida all'intimo maschile",
    excerpt:
      "Non tutti gli uomini sanno quale taglio di intimo fa per loro. Vi spieghiamo le differenze tra slip, boxer e parigamba e come scegliere tessuto e taglia.",
    category: "Guide",
    author: "Marco Ferrero",
    publishedAt: new Date("2026-04-09T09:00:00Z"),
    contentHtml: `
<p>Molti uomini comprano l'intimo come si compra il pane: sempre lo stesso, senza pensarci troppo. Eppure il taglio giusto fa una grande differenza nel comfort di tutti i giorni, soprattutto per chi passa molte ore seduto o fa sport. In negozio ci capita spesso di vedere clienti sorpresi nello scoprire che esiste qualcosa di più comodo di quello che portano da vent'anni.</p>
<h2>I tre tagli principali</h2>
<p><strong>Lo slip</strong> è il modello più classico: sgambato, sostiene bene e non si vede sotto i pantaloni più aderenti. È ideale d'estate e per chi ama una sensazione di libertà sulle gambe.</p>
<p><strong>Il boxer</strong> ha una gamba corta e una vestibilità più morbida. È comodo in casa e per dormire, meno pratico sotto i pantaloni stretti perché tende a fare pieghe.</p>
<p><strong>Il parigamba</strong> unisce i vantaggi dei due: ha la gamba del boxer ma è aderente come uno slip. Non si arrotola, non segna e sostiene. Non a caso è diventato il modello più venduto nel nostro reparto uomo.</p>
<h2>Il tessuto conta</h2>
<p>Il cotone elasticizzato è la scelta più versatile: traspirante, morbido e resistente ai lavaggi. Il modal è più setoso e fresco, perfetto per chi soffre il caldo. La microfibra asciuga in fretta ed è indicata per lo sport. Per l'inverno, le canottiere in lana e seta o in cotone a costine sono un primo strato prezioso sotto la camicia.</p>
<h2>Come leggere le taglie</h2>
<p>Le taglie dell'intimo maschile si indicano spesso con un numero abbinato alla lettera: 4 corrisponde alla S, 5 alla M, 6 alla L, 7 alla XL e 8 alla XXL. In generale, se siete tra due taglie, scegliete la più grande per i boxer e la più piccola per slip e parigamba, che devono restare aderenti.</p>
<h2>Ogni quanto rinnovare</h2>
<p>L'intimo ha una vita più breve degli altri capi: lavaggi frequenti e alte temperature consumano l'elastico. Quando l'elastico in vita si allenta o il tessuto diventa trasparente, è il momento di cambiare. Un buon consiglio è rinnovare qualche capo ogni sei mesi, così da avere sempre un cassetto in ordine.</p>
`,
    comments: [
      {
        author: "Giorgio",
        content: "Convertito al parigamba da un anno, non torno più indietro. Articolo chiarissimo.",
        daysAfter: 5,
      },
    ],
    ratings: [4, 5, 4],
  },
  {
    slug: "bikini-o-intero-come-scegliere-il-costume",
    title: "Bikini o intero? Come scegliere il costume giusto per la tua figura",
    excerpt:
      "Triangolo, fascia, ferretto o intero modellante: una piccola guida per scegliere il costume che valorizza la tua silhouette e ti fa sentire a tuo agio.",
    category: "Guide",
    author: "Giulia Bruno",
    publishedAt: new Date("2026-05-21T09:00:00Z"),
    contentHtml: `
<p>Scegliere il costume da bagno è, per molte di noi, il momento più temuto dell'estate. Le luci impietose del camerino, modelli che sembrano pensati per altre persone, taglie che non corrispondono mai. Eppure, con qualche indicazione, trovare il costume giusto può diventare un piacere. Ecco cosa consigliamo ogni giorno alle clienti che entrano in negozio.</p>
<h2>Partire dalla propria forma</h2>
<p>Prima di pensare ai colori, chiedetevi cosa volete valorizzare e cosa preferite mettere meno in evidenza. Chi ha spalle strette e fianchi più morbidi può scegliere un top con dettagli, volant o colori chiari, e uno slip scuro e semplice. Al contrario, chi ha fianchi stretti può osare con slip colorati, fantasie e laccetti laterali. Chi ha un seno generoso troverà sostegno nei bikini con ferretto o negli interi con coppe, che distribuiscono il peso e non lasciano segni sulle spalle.</p>
<h2>I modelli di bikini</h2>
<ul>
<li><strong>Triangolo</strong>: il più classico, ideale per un seno piccolo o medio, con laccetti regolabili.</li>
<li><strong>Fascia</strong>: perfetto per un'abbronzatura senza segni; scegliete un modello con silicone interno che non scivoli.</li>
<li><strong>Con ferretto</strong>: offre il sostegno di un reggiseno, ottimo anche per chi nuota.</li>
</ul>
<p>Lo slip può essere classico, a vita alta, che fascia e contiene l'addome, oppure brasiliano, più sgambato, che allunga la linea delle gambe.</p>
<h2>Il fascino del costume intero</h2>
<p>L'intero è tornato protagonista delle spiagge: elegante, pratico e adatto a tutte le età. I modelli con scollo a V slanciano il busto, quelli monospalla sono perfetti per chi ha spalle armoniose, mentre gli interi modellanti con pannello contenitivo regalano una linea piatta senza rinunciare alla comodità. Molti sono realizzati con filati riciclati che resistono al cloro e al sole.</p>
<h2>Un consiglio pratico</h2>
<p>Provate il costume muovendovi: sedetevi, alzate le braccia, piegatevi. Un buon costume deve restare al suo posto. E se vi piacciono due modelli, approfittate della Promo Extra 2° Costume: acquistando due costumi tra bikini e interi, quello di prezzo inferiore è scontato del 30%.</p>
`,
    comments: [
      {
        author: "Chiara",
        content:
          "Ho preso un intero con scollo a V seguendo i vostri consigli: mi sento finalmente a mio agio in spiaggia.",
        daysAfter: 12,
      },
      {
        author: "Alessia",
        content: "La promo del secondo costume è arrivata al momento giusto, ne ho presi due!",
        daysAfter: 20,
      },
    ],
    ratings: [5, 4, 5, 5],
  },
  {
    slug: "lingerie-in-pizzo-come-lavarla",
    title: "Lingerie in pizzo: come lavarla e conservarla al meglio",
    excerpt:
      "Il pizzo è delicato ma non fragile, se lo si tratta con le giuste attenzioni. Lavaggio a mano, sacchetta, asciugatura all'ombra: tutti i nostri consigli.",
    category: "Cura dei capi",
    author: "Elena Giordano",
    publishedAt: new Date("2026-06-25T09:00:00Z"),
    contentHtml: `
<p>Un reggiseno in pizzo ben fatto è un piccolo gioiello: un intreccio di fili sottili che disegna fiori e trasparenze. Per conservarne la bellezza servono pochi gesti, ma fatti con costanza. Ecco come ci prendiamo cura della lingerie più preziosa.</p>
<h2>Il lavaggio a mano</h2>
<p>Il metodo migliore resta il lavaggio a mano. Riempite una bacinella con acqua tiepida, non oltre i 30°C, e aggiungete poco detersivo delicato, meglio se specifico per capi fini. Lasciate in ammollo per una decina di minuti, muovete delicatamente i capi e risciacquate con cura in acqua fresca. Evitate l'ammorbidente: si deposita sulle fibre elastiche e le rende meno resistenti.</p>
<h2>Se usate la lavatrice</h2>
<p>Quando non c'è tempo, la lavatrice si può usare con qualche precauzione. Chiudete sempre i gancetti del reggiseno, inseritelo in una sacchetta a rete e scegliete il programma delicati a freddo, con centrifuga minima. Non lavate il pizzo insieme a jeans, asciugamani o capi con zip, che potrebbero agganciare i fili.</p>
<h2>Asciugatura e conservazione</h2>
<p>Mai in asciugatrice e mai al sole diretto: il calore deforma i ferretti e fa ingiallire i tessuti chiari. Tamponate i capi con un asciugamano e lasciateli asciugare all'ombra, stesi in piano o appesi per il centro, non per le spalline. Nel cassetto, riponete i reggiseni uno dentro l'altro, senza piegare le coppe a metà: manterranno la loro forma.</p>
<h2>Ruotare è il segreto</h2>
<p>Un consiglio che diamo sempre: non indossate lo stesso reggiseno due giorni di fila. L'elastico ha bisogno di un giorno di riposo per recuperare la sua forma. Con tre o quattro reggiseni da alternare, ciascuno durerà molto più a lungo e vi accompagnerà con lo stesso sostegno del primo giorno.</p>
<h2>Quando è il momento di cambiarli</h2>
<p>Anche la lingerie più curata ha una sua vita. Quando il giro non sostiene più neppure sul gancetto più stretto, quando le spalline vanno strette al massimo per tenere il seno al suo posto o il ferretto comincia a uscire dalla sua guaina, è il segnale che il reggiseno ha fatto il suo tempo. In genere, con un uso regolare, questo accade dopo un anno o poco più. Portatelo in negozio: vi aiuteremo a trovare un modello nuovo, magari nella stessa linea che amate.</p>
`,
    comments: [],
    ratings: [4, 5],
  },
  {
    slug: "segreti-stile-parigino",
    title: "I segreti dello stile parigino: eleganza senza sforzo",
    excerpt:
      "Pochi capi di qualità, colori neutri e un dettaglio che fa la differenza: ecco come portare nel guardaroba di tutti i giorni il fascino disinvolto delle parigine.",
    category: "Stile",
    author: "Anna Bruno",
    publishedAt: new Date("2026-09-18T08:00:00Z"),
    contentHtml: `
<p>C'è qualcosa di irresistibile nel modo in cui le parigine si vestono. Sembrano uscite di casa in cinque minuti, eppure ogni dettaglio è al suo posto: la camicia appena stropicciata, il cappotto cammello, un filo di rossetto. Il segreto non è possedere tanti vestiti, ma sceglierli bene. In negozio ce lo chiedono spesso, e dopo tanti anni passati tra scaffali e camerini abbiamo qualche idea da condividere.</p>
<h2>Pochi capi, ma quelli giusti</h2>
<p>Il guardaroba parigino si costruisce attorno a una manciata di pezzi che stanno bene insieme: una camicia bianca in popeline, una maglia girocollo in lana merino, un paio di pantaloni a sigaretta, un cappotto dal taglio pulito e una t-shirt a righe. Sono capi che non seguono la moda della stagione e proprio per questo non invecchiano. Meglio spendere qualcosa in più per un cardigan in cashmere che durerà dieci inverni che riempire l'armadio di acquisti d'impulso.</p>
<p>Prima di comprare qualcosa di nuovo, provate a chiedervi con quanti capi che avete già potreste abbinarlo. Se la risposta è almeno tre, siete sulla strada giusta.</p>
<h2>La palette dei colori</h2>
<p>Blu navy, nero, avorio, cammello e grigio: sono i colori che ritornano in ogni armadio parigino. Una base neutra permette di abbinare tutto con tutto e di vestirsi in fretta al mattino. Il colore arriva poi con un accento: una sciarpa bordeaux, un rossetto rosso, un paio di ballerine. Il risultato è un'eleganza che non grida, ma si nota.</p>
<h2>Tutto comincia dall'intimo</h2>
<p>Può sembrare un dettaglio, ma la sicurezza con cui una parigina indossa una camicia di seta dipende anche da ciò che porta sotto. Un reggiseno della taglia giusta, che non segna e non si vede, cambia la linea di qualunque capo. Le francesi preferiscono spesso bralette in pizzo e reggiseni senza ferretto, morbidi e naturali, abbinati a slip coordinati: un piccolo lusso quotidiano che nessuno vede ma che si sente.</p>
<p>Nel nostro negozio facciamo ogni giorno prove di taglia: più della metà delle clienti che si fanno misurare scopre di portare una taglia diversa da quella che pensava.</p>
<h2>L'arte del dettaglio imperfetto</h2>
<p>L'ultimo segreto è il più difficile da imitare: la disinvoltura. La camicia infilata solo davanti nei pantaloni, le maniche del maglione arrotolate, i capelli raccolti senza troppa cura. Non si tratta di trascuratezza, ma di un equilibrio studiato tra ordine e spontaneità. Scegliete un solo elemento ricercato per ogni look e lasciate il resto semplice: un foulard annodato al collo, una borsa in pelle, un paio di orecchini.</p>
<p>E se volete iniziare da qualche parte, venite a trovarci: vi aiuteremo a scegliere i primi capi del vostro guardaroba essenziale.</p>
`,
    comments: [
      {
        author: "Valentina",
        content: "Adoro questo articolo! La regola dei tre abbinamenti prima di comprare la userò sicuramente.",
        daysAfter: 1,
      },
      {
        author: "Paola",
        content:
          "Verissimo che tutto comincia dall'intimo. Da quando ho cambiato taglia di reggiseno anche le camicie mi stanno meglio.",
        daysAfter: 4,
      },
      {
        author: "Simona",
        content: "Bellissimi consigli, semplici e concreti. Aspetto il prossimo articolo!",
        daysAfter: 11,
      },
      {
        author: "Davide",
        content: "Letto per curiosità, girato subito a mia moglie. Lo stile parigino funziona anche per noi uomini.",
        daysAfter: 26,
      },
    ],
    ratings: [5, 5, 4, 5, 5, 5, 4, 5],
  },
  {
    slug: "collezione-autunno-inverno-2026",
    title: "Arriva in negozio la collezione autunno-inverno 2026",
    excerpt:
      "Maglieria in lana merino e cashmere, piumini leggerissimi, pigiami in flanella e nuovi colori: vi raccontiamo cosa abbiamo scelto per questa stagione.",
    category: "Novità",
    author: "Anna Bruno",
    publishedAt: new Date("2026-10-02T08:00:00Z"),
    contentHtml: `
<p>Ogni anno, quando le giornate si accorciano e le prime foglie cadono lungo i portici, in negozio arrivano gli scatoloni della nuova stagione. È il momento che aspettiamo di più: aprirli, toccare i tessuti, sistemare le vetrine. La collezione autunno-inverno 2026 è finalmente qui, in negozio e online, e vogliamo raccontarvi come l'abbiamo scelta.</p>
<h2>I colori della stagione</h2>
<p>Accanto ai grandi classici, nero, blu navy e cammello, quest'anno abbiamo scelto tonalità calde e profonde: il bordeaux, il verde bosco, il senape e un delicato rosa antico. Sono colori che si abbinano facilmente tra loro e illuminano anche le giornate più grigie. Li trovate nella maglieria, nelle sciarpe e in molti pigiami.</p>
<h2>Maglieria: lana merino e cashmere</h2>
<p>Il cuore della collezione è la maglieria. Abbiamo lavorato con piccoli maglifici italiani che selezionano filati di qualità: dolcevita in lana e cashmere, cardigan in cashmere puro, maglioni a trecce dal sapore montano. Sono capi pensati per durare, da indossare per molti inverni e non solo per una stagione.</p>
<h2>Caldi fuori e dentro</h2>
<p>Per le giornate più fredde proponiamo piumini con imbottitura in vera piuma d'oca, sia lunghi sia leggeri e ripiegabili, da tenere in borsa. Sotto, l'intimo termico in lana e seta: canottiere sottili che scaldano senza ingombrare, indispensabili per chi passa molte ore all'aperto.</p>
<p>E per la sera, i pigiami in flanella di cotone, garzata su entrambi i lati, per donna, uomo e bambini: il piccolo piacere di infilarsi qualcosa di caldo e morbido dopo una lunga giornata.</p>
<p>Anche il reparto bambini si rinnova: piumini colorati con cappuccio, maglioncini in lana merino che non pizzicano e pigiami in ciniglia morbidissima. Capi pensati per resistere ai giochi e ai lavaggi, nelle taglie da 1 a 16 anni.</p>
<h2>Come trovare le novità</h2>
<p>Tutti i capi della nuova stagione sono raccolti nella sezione Nuova Collezione del sito. Se preferite toccare con mano, vi aspettiamo in negozio: saremo felici di farvi provare i nuovi arrivi e di consigliarvi gli abbinamenti. E ricordate che sul primo acquisto online avete uno sconto del 10%, applicato direttamente al pagamento.</p>
`,
    comments: [
      {
        author: "Francesca",
        content: "Il verde bosco è bellissimo! Passerò in negozio sabato per vedere i dolcevita.",
        daysAfter: 2,
      },
      {
        author: "Laura",
        content: "Finalmente i pigiami in flanella anche per i bambini, li aspettavo da settimane.",
        daysAfter: 6,
      },
    ],
    ratings: [5, 4, 5],
  },
];

/** A visitor's vote key is a hash, as the site stores it; demo visitors are numbered. */
function demoVoterKey(visitor: number): string {
  return createHash("sha256").update(`demo-visitor-${visitor}`).digest("hex");
}

/** Posts oldest first, with ids 1..N in that order. */
export function buildDemoBlog(): DemoBlogPost[] {
  return articles.map((article, index) => {
    const published = article.publishedAt.getTime();
    return {
      ...article,
      id: index + 1,
      imageUrl: `/files/blog/${article.slug}.svg`,
      contentHtml: article.contentHtml.trim(),
      comments: article.comments.map(({ author, content, daysAfter }) => ({
        author,
        content,
        createdAt: new Date(published + daysAfter * dayMs + 3 * 60 * 60 * 1000),
      })),
      ratings: article.ratings.map((rating, visitor) => ({
        voterKey: demoVoterKey(visitor + 1),
        rating,
        createdAt: new Date(published + (visitor + 1) * dayMs),
      })),
    };
  });
}
