import {
  type Carrier,
  CarrierError,
  type CloseDayOutcome,
  type CreatedShipment,
  type ShipmentOutcome,
  type ShipmentRequest,
} from "./carrier";
import {
  glsEmail,
  glsFieldLengths,
  glsPhone,
  glsPlace,
  glsProvince,
  glsText,
  glsWeight,
  glsZipcode,
  splitWeight,
} from "./gls-text";
import { mergePdfs } from "./merge-pdfs.server";
import { childText, findAll, parseXml, type XmlElement, XmlParseError, xmlField } from "./xml";

// GLS Italy's label web service (MU162), through its plain HTTP POST binding: each method is
// `<url>/<Method>` with form fields, some of which carry an XML document as a string. The answers
// are XML, sometimes escaped inside an outer <string> element. Facts and sources:
// shared research "checkout-and-shipping.md", section A.

export type GlsSettings = {
  /** SedeGls: the depot's two-character code, e.g. "CN". */
  sede: string;
  /** CodiceClienteGls: up to 6 digits. */
  clientCode: string;
  password: string;
  /** CodiceContrattoGls: digits. */
  contractCode: string;
  /** The web service, e.g. https://labelservice.gls-italy.com/ilswebservice.asmx */
  url: string;
  /** How long to wait for an answer before calling it lost. */
  timeoutMs: number;
};

/** AddParcel's number for "refused": the data was not accepted and nothing was created. */
const rejectedNumber = "999999999";
/** ListSped's state of a parcel not yet in a closed day. */
const waitingState = "IN ATTESA DI CHIUSURA";
// Notes with which GLS accepts a parcel whose address its street map did not recognise (as GLS Check).
const addressNotes = [/dati non accettabili/i, /non conforme a stradario/i];

/**
 * Our per-parcel number (ContatoreProgressivo and Bda, 11 characters at most): the attempt's 9
 * digits and the parcel's position from 1, so each parcel gets its own and a retry finds them all.
 */
export function parcelKey(attemptKey: string, position: number): string {
  return `${attemptKey}${String(position).padStart(2, "0")}`.slice(-glsFieldLengths.Bda);
}

/** GLS could not be asked, or answered with an error status: what happened, for staff. */
class GlsCallError extends Error {}

type GlsAnswer = { element: XmlElement | null; text: string };

export function glsCarrier(settings: GlsSettings): Carrier {
  const credentials = {
    SedeGls: settings.sede,
    CodiceClienteGls: settings.clientCode,
    PasswordClienteGls: settings.password,
  };
  const infoCredentials = Object.entries(credentials)
    .map(([name, value]) => xmlField(name, value))
    .join("");

  const timeoutMessage = `GLS non ha risposto entro ${(settings.timeoutMs / 1000).toLocaleString("it-IT")} secondi`;

  async function call(method: string, form: Record<string, string>): Promise<GlsAnswer> {
    let response: Response;
    try {
      response = await fetch(`${settings.url.replace(/\/$/, "")}/${method}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
        body: new URLSearchParams(form),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      throw new GlsCallError(
        error instanceof Error && error.name === "TimeoutError" ? timeoutMessage : "GLS non è raggiungibile",
      );
    }
    let body: string;
    try {
      body = await response.text();
    } catch {
      throw new GlsCallError(timeoutMessage);
    }
    if (!response.ok) throw new GlsCallError(`GLS ha risposto con un errore (${faultText(body)})`);
    return readAnswer(body);
  }

  async function labelOf(number: string, bda: string): Promise<Uint8Array> {
    const answer = await call("GetPdfBySped", {
      SedeGls: settings.sede,
      CodiceCliente: settings.clientCode,
      Password: settings.password,
      CodiceContratto: settings.contractCode,
      NumeroSpedizione: number,
      Bda: bda,
      NumeroCollo: "1",
      TipoPorto: "F",
    });
    const label = decodePdf(answer.element ? (childText(answer.element, "PdfLabel") ?? "") : answer.text);
    if (!label) {
      throw new GlsCallError(`GLS non ha restituito l'etichetta della spedizione ${number}: ${answer.text || "vuota"}`);
    }
    return label;
  }

  function parcelXml(request: ShipmentRequest, position: number, grams: number): string {
    const { recipient } = request;
    const key = parcelKey(request.attemptKey, position);
    // Element order and constants as GLS's own connectors send them (research A3).
    const fields: Array<[string, string]> = [
      ["CodiceContrattoGls", settings.contractCode],
      ["RagioneSociale", glsText(recipient.name, glsFieldLengths.RagioneSociale)],
      ["Indirizzo", glsPlace(recipient.address, glsFieldLengths.Indirizzo)],
      ["Localita", glsPlace(recipient.city, glsFieldLengths.Localita)],
      ["Zipcode", glsZipcode(recipient.postalCode)],
      ["Provincia", glsProvince(recipient.province)],
      ["Colli", "1"],
      ["Incoterm", "0"],
      ["PesoReale", glsWeight(grams)],
      ["ImportoContrassegno", "0,00"],
      ["NoteSpedizione", glsText(`Ordine ${request.reference}`, glsFieldLengths.NoteSpedizione)],
      ["TipoPorto", "F"],
      ["PesoVolume", "0,00"],
      ["TipoCollo", "0"],
      ["RiferimentoCliente", glsText(request.reference, glsFieldLengths.RiferimentoCliente)],
      ["NoteAggiuntive", ""],
      ["CodiceClienteDestinatario", ""],
      ["Email", glsEmail(recipient.email)],
      ["Cellulare1", glsPhone(recipient.phone)],
      ["GeneraPdf", "4"],
      ["bda", key],
      ["FormatoPdf", ""],
      ["ContatoreProgressivo", key],
      ["ServiziAccessori", ""],
    ];
    return `<Parcel>${fields.map(([name, value]) => xmlField(name, value)).join("")}</Parcel>`;
  }

  async function labelsOf(parcels: Array<{ number: string; bda: string; pdf: Uint8Array | null }>) {
    const labels: Uint8Array[] = [];
    for (const parcel of parcels) labels.push(parcel.pdf ?? (await labelOf(parcel.number, parcel.bda)));
    return mergePdfs(labels);
  }

  async function deleteParcel(number: string): Promise<void> {
    let answer: GlsAnswer;
    try {
      answer = await call("DeleteSped", { ...credentials, NumSpedizione: number });
    } catch (error) {
      throw carrierError(`GLS non ha eliminato la spedizione ${number}`, error);
    }
    const text = answer.text.trim();
    if (!/avvenut/i.test(text)) {
      throw new CarrierError(`GLS non ha eliminato la spedizione ${number}: ${text || "nessuna risposta"}`);
    }
  }

  /** ListSped: the parcels not yet in a closed day. */
  async function parcelList(): Promise<XmlElement> {
    let answer: GlsAnswer;
    try {
      answer = await call("ListSped", credentials);
    } catch (error) {
      throw carrierError("GLS non ha fornito l'elenco delle spedizioni", error);
    }
    const list = answer.element;
    if (!list) throw new CarrierError(`GLS non ha fornito l'elenco delle spedizioni: ${answer.text || "vuoto"}`);
    const listError = childText(list, "DescrizioneErrore");
    if (listError) throw new CarrierError(`GLS non ha fornito l'elenco delle spedizioni: ${listError}`);
    return list;
  }

  return {
    name: "gls",

    async createShipment(request) {
      const weights = splitWeight(request.weightGrams, request.parcelCount);
      const parcels = weights.map((grams, index) => parcelXml(request, index + 1, grams)).join("");
      let answer: GlsAnswer;
      try {
        answer = await call("AddParcel", { XMLInfoParcel: `<Info>${infoCredentials}${parcels}</Info>` });
      } catch (error) {
        return { outcome: "unknown", reason: messageOf(error) };
      }
      const info = answer.element;
      if (!info) return { outcome: "unknown", reason: `Risposta di GLS non leggibile: ${answer.text || "vuota"}` };
      const infoError = childText(info, "DescrizioneErrore");
      if (infoError) return { outcome: "rejected", reason: infoError };

      const answered = findAll(info, "Parcel").map((parcel, index) => ({
        number: childText(parcel, "NumeroSpedizione"),
        bda: parcelKey(request.attemptKey, index + 1),
        sigla: childText(parcel, "SiglaMittente") ?? settings.sede,
        error: childText(parcel, "DescrizioneErrore"),
        note: childText(parcel, "NoteSpedizione"),
        destination: childText(parcel, "DescrizioneSedeDestino"),
        pdf: decodePdf(childText(parcel, "PdfLabel") ?? ""),
      }));
      const refused = answered.filter((parcel) => parcel.error || parcel.number === rejectedNumber);
      if (refused.length > 0) {
        const reason = [...new Set(refused.flatMap((parcel) => [parcel.error, parcel.note]))]
          .filter(Boolean)
          .join(" - ");
        return rejectAll(answered, reason || "Dati della spedizione non accettati da GLS");
      }
      const numbered = answered.flatMap(({ number, ...parcel }) => (number ? [{ ...parcel, number }] : []));
      if (numbered.length !== request.parcelCount || answered.length !== request.parcelCount) {
        return { outcome: "unknown", reason: "GLS non ha restituito il numero di spedizione" };
      }
      let labelPdf: Uint8Array;
      try {
        labelPdf = await labelsOf(numbered);
      } catch (error) {
        return { outcome: "unknown", reason: messageOf(error) };
      }
      const checked = numbered.find(
        (parcel) =>
          parcel.destination?.toLowerCase() === "gls check" ||
          addressNotes.some((note) => parcel.note && note.test(parcel.note)),
      );
      return {
        outcome: "created",
        shipment: {
          parcels: numbered.map((parcel) => ({
            number: parcel.number,
            trackingCode: `${parcel.sigla}${parcel.number}`,
          })),
          labelPdf,
          warning: checked
            ? `GLS Check: GLS non ha riconosciuto l'indirizzo, la sede lo correggerà a mano. Verifica l'indirizzo del destinatario.${checked.note ? ` Nota di GLS: ${checked.note}` : ""}`
            : null,
        },
      };

      // Parcels GLS numbered next to a refused one would ship without their companions: they go too.
      async function rejectAll(list: typeof answered, reason: string): Promise<ShipmentOutcome> {
        for (const parcel of list) {
          if (!parcel.number || parcel.number === rejectedNumber || parcel.error) continue;
          try {
            await deleteParcel(parcel.number);
          } catch (error) {
            return { outcome: "unknown", reason: `${reason}; ${messageOf(error)}` };
          }
        }
        return { outcome: "rejected", reason };
      }
    },

    async findShipment(request): Promise<CreatedShipment | null> {
      const list = await parcelList();
      const rows = findAll(list, "Parcel").map((parcel) => ({
        number: childText(parcel, "NumSpedizione"),
        ddt: childText(parcel, "Ddt"),
        name: childText(parcel, "DenominazioneDestinatario") ?? "",
        city: childText(parcel, "CittaDestinatario") ?? "",
        state: childText(parcel, "StatoSpedizione") ?? "",
      }));
      const keys = Array.from({ length: request.parcelCount }, (_, index) => parcelKey(request.attemptKey, index + 1));
      let mine = rows
        .filter((row) => row.ddt && keys.includes(row.ddt))
        .sort((a, b) => keys.indexOf(a.ddt ?? "") - keys.indexOf(b.ddt ?? ""));
      if (mine.length === 0 && rows.every((row) => !row.ddt)) {
        // Without our document number in the list, the newest parcels waiting for the close to the
        // same recipient and town are taken as ours (as GLS's own connectors do).
        const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
        const name = glsText(request.recipient.name, glsFieldLengths.RagioneSociale);
        const city = glsPlace(request.recipient.city, glsFieldLengths.Localita);
        mine = rows
          .filter(
            (row) => row.state.toUpperCase().startsWith(waitingState) && same(row.name, name) && same(row.city, city),
          )
          .slice(-request.parcelCount);
      }
      const found = mine.flatMap((row, index) =>
        row.number ? [{ number: row.number, bda: row.ddt ?? keys[index] ?? "", pdf: null }] : [],
      );
      if (found.length === 0) return null;
      let labelPdf: Uint8Array;
      try {
        labelPdf = await labelsOf(found);
      } catch (error) {
        throw carrierError("Etichette GLS non disponibili", error);
      }
      return {
        // ListSped does not say the sender's sigla: it is the depot's own code.
        parcels: found.map((parcel) => ({ number: parcel.number, trackingCode: `${settings.sede}${parcel.number}` })),
        labelPdf,
        warning: null,
      };
    },

    deleteParcel,

    // Listing the day's parcels reads, and needs the credentials as every other call does.
    async checkCredentials() {
      await parcelList();
    },

    async closeDay(numbers): Promise<CloseDayOutcome> {
      const parcels = numbers
        .map(
          (number) =>
            `<Parcel>${xmlField("CodiceContrattoGls", settings.contractCode)}${xmlField("NumeroDiSpedizioneGLSDaConfermare", number)}</Parcel>`,
        )
        .join("");
      let answer: GlsAnswer;
      try {
        answer = await call("CloseWorkDayByShipmentNumber", {
          _xmlRequest: `<Info>${infoCredentials}${parcels}</Info>`,
        });
      } catch (error) {
        throw carrierError("GLS non ha chiuso la giornata", error);
      }
      const result = answer.element;
      if (!result) throw new CarrierError(`GLS non ha chiuso la giornata: ${answer.text || "nessuna risposta"}`);
      const globalError = childText(result, "DescrizioneErrore");
      if (globalError && globalError.toUpperCase() !== "OK") {
        throw new CarrierError(`GLS non ha chiuso la giornata: ${globalError}`);
      }
      const outcomes = new Map(
        findAll(result, "Parcel").map((parcel) => [
          childText(parcel, "NumeroDiSpedizioneGLSDaConfermare") ?? "",
          childText(parcel, "esito") ?? "",
        ]),
      );
      const closed = numbers.map((number) => {
        const outcome = outcomes.get(number);
        if (outcome?.toUpperCase() === "OK") return { number, closed: true, reason: null };
        return { number, closed: false, reason: outcome || "GLS non ha confermato la spedizione" };
      });
      if (!closed.some((parcel) => parcel.closed)) {
        throw new CarrierError(
          `GLS non ha chiuso nessuna spedizione: ${closed.map((parcel) => `${parcel.number}: ${parcel.reason}`).join("; ")}`,
        );
      }
      return { parcels: closed };
    },
  };
}

/**
 * What GLS answered: an XML element (its own, or the one escaped inside an outer <string>), or
 * the plain text of a string answer.
 */
function readAnswer(body: string): GlsAnswer {
  let root: XmlElement;
  try {
    root = parseXml(body.trim());
  } catch (error) {
    if (error instanceof XmlParseError) return { element: null, text: body.trim() };
    throw error;
  }
  if (root.name !== "string" || root.children.length > 0) return { element: root, text: root.text.trim() };
  const inner = root.text.trim();
  if (!inner.startsWith("<")) return { element: null, text: inner };
  try {
    const element = parseXml(inner);
    return { element, text: element.text.trim() };
  } catch {
    return { element: null, text: inner };
  }
}

/** The reason inside an error answer: a SOAP fault's text, or the start of the body. */
function faultText(body: string): string {
  const answer = readAnswer(body);
  const fault = answer.element
    ? (findAll(answer.element, "faultstring")[0] ?? findAll(answer.element, "Text")[0])?.text.trim()
    : undefined;
  const text = (fault || answer.text).replace(/\s+/g, " ").trim();
  return text.slice(0, 300) || "nessun dettaglio";
}

/** A base64 PDF as bytes, or null when it is empty or not a PDF. */
function decodePdf(base64: string): Uint8Array | null {
  const trimmed = base64.replace(/\s+/g, "");
  if (!trimmed.startsWith("JVBER")) return null;
  return new Uint8Array(Buffer.from(trimmed, "base64"));
}

function messageOf(error: unknown): string {
  if (error instanceof GlsCallError || error instanceof CarrierError) return error.message;
  throw error;
}

function carrierError(prefix: string, error: unknown): CarrierError {
  return new CarrierError(`${prefix}: ${messageOf(error)}`);
}
