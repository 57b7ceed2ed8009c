// A small GLS Italy label service on localhost for the tests of the GLS adapter. It speaks the
// HTTP POST binding of ilswebservice.asmx as the real one does: form fields, XML documents passed
// as strings, answers as XML (AddParcel's directly, the others escaped inside <string>), errors as
// HTTP 500 with a SOAP fault or ASMX's plain text. It keeps its parcels in memory (waiting for the
// close, closed, deleted), can be told to give the answers GLS gives when things go wrong, and
// records every request it received.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { GlsSettings } from "../../app/modules/shipping/gls.server";
import { childText, escapeXml, findAll, parseXml, type XmlElement, xmlField } from "../../app/modules/shipping/xml";

export type FakeGlsRequest = {
  /** The web method, e.g. "AddParcel". */
  method: string;
  form: Record<string, string>;
  /** The XML document of XMLInfoParcel or _xmlRequest, parsed. */
  xml: XmlElement | null;
};

export type FakeGlsParcel = {
  number: string;
  state: "waiting" | "closed" | "deleted";
  /** Every field of its <Parcel> as sent. */
  fields: Record<string, string>;
  label: Uint8Array;
};

/**
 * How the next AddParcel goes wrong. reject: number 999999999 with the reason in NoteSpedizione;
 * rejectLast: the same for the last parcel only, the others are created.
 * error: DescrizioneErrore on the parcel. wrongPassword: DescrizioneErrore on the whole request.
 * glsCheck: created, DescrizioneSedeDestino "GLS Check". stradario: created, NoteSpedizione "Dati
 * non accettabili". fault: HTTP 500 SOAP fault, nothing created. emptyParcel: created, answered
 * with an empty <Parcel/>. noPdf: created, PdfLabel empty. slow: created, answered after `delayMs`.
 */
export type AddParcelTrouble =
  | "reject"
  | "rejectLast"
  | "error"
  | "wrongPassword"
  | "glsCheck"
  | "stradario"
  | "fault"
  | "emptyParcel"
  | "noPdf"
  | { slow: number };

const namespace = "https://labelservice.gls-italy.com/";
const waiting = "IN ATTESA DI CHIUSURA.";

export class FakeGls {
  readonly sede = "CN";
  readonly clientCode = "123456";
  readonly password = "segreta-gls";
  readonly contractCode = "2557";
  readonly requests: FakeGlsRequest[] = [];
  readonly parcels: FakeGlsParcel[] = [];
  /** ListSped leaves out Ddt, as some accounts' lists do: parcels are then matched by recipient. */
  listWithoutDdt = false;
  private troubles: AddParcelTrouble[] = [];
  private nextNumber = 620873001;
  private server: http.Server | undefined;
  private port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}/ilswebservice.asmx`;
  }

  /** The adapter's settings for this server. */
  settings(overrides: Partial<GlsSettings> = {}): GlsSettings {
    return {
      sede: this.sede,
      clientCode: this.clientCode,
      password: this.password,
      contractCode: this.contractCode,
      url: this.url,
      timeoutMs: 2000,
      ...overrides,
    };
  }

  /** The next AddParcel call answers with `trouble`. */
  failNext(trouble: AddParcelTrouble): void {
    this.troubles.push(trouble);
  }

  /** The requests to `method`, oldest first. */
  requestsTo(method: string): FakeGlsRequest[] {
    return this.requests.filter((request) => request.method === method);
  }

  parcel(number: string): FakeGlsParcel | undefined {
    return this.parcels.find((parcel) => parcel.number === number);
  }

  async start(): Promise<this> {
    this.server = http.createServer((request, response) => {
      void this.handle(request, response).catch((error: unknown) => {
        response.writeHead(500, { "content-type": "text/plain" }).end(String(error));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const method = (request.url ?? "").split("/").pop() ?? "";
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
    const document = form.XMLInfoParcel ?? form._xmlRequest;
    const recorded: FakeGlsRequest = { method, form, xml: document ? parseXml(document) : null };
    this.requests.push(recorded);

    const answer = await this.answer(recorded);
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (response.destroyed) return;
    response.writeHead(answer.status ?? 200, { "content-type": answer.contentType ?? "text/xml; charset=utf-8" });
    response.end(answer.body);
  }

  private async answer(
    request: FakeGlsRequest,
  ): Promise<{ body: string; status?: number; contentType?: string; delayMs?: number }> {
    switch (request.method) {
      case "AddParcel":
        return this.addParcel(request);
      case "ListSped":
        return this.asString(this.listSped(request.form));
      case "GetPdfBySped":
        return this.asString(this.getPdfBySped(request.form));
      case "DeleteSped":
        return this.asString(this.deleteSped(request.form));
      case "CloseWorkDayByShipmentNumber":
        if (request.form._xmlRequest === undefined) {
          return { status: 500, contentType: "text/plain; charset=utf-8", body: "Missing parameter: _xmlRequest." };
        }
        return this.asString(this.close(request.xml));
      default:
        return fault(`Metodo sconosciuto: ${request.method}`);
    }
  }

  /** A string answer: the text escaped inside <string>, as ASMX sends it. */
  private asString(text: string) {
    return {
      body: `<?xml version="1.0" encoding="utf-8"?>\n<string xmlns="${namespace}">${escapeXml(text)}</string>`,
    };
  }

  private signedIn(sede?: string, client?: string, password?: string): boolean {
    return sede === this.sede && client === this.clientCode && password === this.password;
  }

  private async addParcel(request: FakeGlsRequest) {
    const info = request.xml;
    // The real service fails this way when the credentials sit anywhere but in <Info>.
    if (info?.name !== "Info" || !childText(info, "SedeGls")) {
      return fault("Riferimento a un oggetto non impostato su un'istanza di oggetto.");
    }
    const trouble = this.troubles.shift();
    const signedIn = this.signedIn(
      childText(info, "SedeGls") ?? "",
      childText(info, "CodiceClienteGls") ?? "",
      childText(info, "PasswordClienteGls") ?? "",
    );
    if (!signedIn || trouble === "wrongPassword") {
      return {
        body: `<InfoLabel xmlns="${namespace}"><DescrizioneErrore>Password errata</DescrizioneErrore></InfoLabel>`,
      };
    }
    if (trouble === "fault") return fault("Il servizio non è al momento disponibile.");

    const answers: string[] = [];
    const sent = findAll(info, "Parcel");
    for (const parcel of sent) {
      const fields = Object.fromEntries(parcel.children.map((child) => [child.name, child.text]));
      if (trouble === "reject" || (trouble === "rejectLast" && parcel === sent.at(-1))) {
        answers.push(
          `<Parcel><NumeroSpedizione>999999999</NumeroSpedizione><NoteSpedizione>CAP non valido per la localita</NoteSpedizione></Parcel>`,
        );
        continue;
      }
      if (trouble === "error") {
        answers.push(`<Parcel><DescrizioneErrore>Provincia non valida</DescrizioneErrore></Parcel>`);
        continue;
      }
      const number = String(this.nextNumber++);
      const label = await labelPdf(number);
      this.parcels.push({ number, state: "waiting", fields, label });
      if (trouble === "emptyParcel") {
        answers.push("<Parcel/>");
        continue;
      }
      const destination = trouble === "glsCheck" ? "GLS Check" : "MILANO";
      const note = trouble === "stradario" ? "Dati non accettabili per lo stradario" : (fields.NoteSpedizione ?? "");
      answers.push(
        `<Parcel>${[
          xmlField("SiglaMittente", this.sede),
          xmlField("NumeroSpedizione", number),
          xmlField("TotaleColli", "1"),
          xmlField("TipoCollo", "0"),
          xmlField("SiglaSedeDestino", "M5"),
          xmlField("DescrizioneSedeDestino", destination),
          xmlField("NoteSpedizione", note),
          xmlField("PesoSpedizione", fields.PesoReale ?? ""),
          xmlField("PdfLabel", trouble === "noPdf" ? "" : Buffer.from(label).toString("base64")),
        ].join("")}</Parcel>`,
      );
    }
    return {
      body: `<?xml version="1.0" encoding="utf-8"?>\n<InfoLabel xmlns="${namespace}">${answers.join("")}</InfoLabel>`,
      delayMs: typeof trouble === "object" ? trouble.slow : undefined,
    };
  }

  private listSped(form: Record<string, string>): string {
    if (!this.signedIn(form.SedeGls, form.CodiceClienteGls, form.PasswordClienteGls)) {
      return "<ListParcel><DescrizioneErrore>Password errata</DescrizioneErrore></ListParcel>";
    }
    const rows = this.parcels
      .filter((parcel) => parcel.state !== "deleted")
      .map(
        (parcel) =>
          `<Parcel>${[
            xmlField("StatoSpedizione", parcel.state === "waiting" ? waiting : "CHIUSA."),
            xmlField("NumSpedizione", parcel.number),
            xmlField("RiferimentiCliente", parcel.fields.RiferimentoCliente ?? ""),
            this.listWithoutDdt ? "" : xmlField("Ddt", parcel.fields.bda ?? ""),
            xmlField("DenominazioneDestinatario", (parcel.fields.RagioneSociale ?? "").toUpperCase()),
            xmlField("CittaDestinatario", (parcel.fields.Localita ?? "").toUpperCase()),
            xmlField("ProvinciaDestinatario", parcel.fields.Provincia ?? ""),
            xmlField("IndirizzoDestinatario", (parcel.fields.Indirizzo ?? "").toUpperCase()),
            xmlField("TotaleColli", "1"),
            xmlField("PesoSpedizione", parcel.fields.PesoReale ?? ""),
          ].join("")}</Parcel>`,
      );
    return `<ListParcel>${rows.join("")}</ListParcel>`;
  }

  private getPdfBySped(form: Record<string, string>): string {
    if (!this.signedIn(form.SedeGls, form.CodiceCliente, form.Password)) return "Password errata";
    const parcel = this.parcel(form.NumeroSpedizione ?? "");
    if (!parcel || parcel.state === "deleted") return "Spedizione non trovata";
    return Buffer.from(parcel.label).toString("base64");
  }

  private deleteSped(form: Record<string, string>): string {
    if (!this.signedIn(form.SedeGls, form.CodiceClienteGls, form.PasswordClienteGls)) return "Password errata";
    const number = form.NumSpedizione ?? "";
    const parcel = this.parcel(number);
    if (!parcel || parcel.state === "deleted") return `Spedizione ${number} non presente.`;
    if (parcel.state === "closed") return `Spedizione ${number} gia' chiusa: impossibile eliminarla.`;
    parcel.state = "deleted";
    return `Eliminazione della spedizione ${number} avvenuta.`;
  }

  private close(info: XmlElement | null): string {
    if (
      !info ||
      !this.signedIn(
        childText(info, "SedeGls") ?? "",
        childText(info, "CodiceClienteGls") ?? "",
        childText(info, "PasswordClienteGls") ?? "",
      )
    ) {
      return "<CloseWorkDayByShipmentNumberResult><DescrizioneErrore>Password errata</DescrizioneErrore></CloseWorkDayByShipmentNumberResult>";
    }
    const outcomes = findAll(info, "Parcel").map((element) => {
      const number = childText(element, "NumeroDiSpedizioneGLSDaConfermare") ?? "";
      const parcel = this.parcel(number);
      let outcome = "OK";
      if (!parcel || parcel.state === "deleted") outcome = "Spedizione inesistente o precedentemente cancellata";
      else if (parcel.state === "closed") outcome = "Spedizione gia' confermata";
      else parcel.state = "closed";
      return `<Parcel>${xmlField("NumeroDiSpedizioneGLSDaConfermare", number)}${xmlField("esito", outcome)}</Parcel>`;
    });
    return `<CloseWorkDayByShipmentNumberResult><DescrizioneErrore>OK</DescrizioneErrore>${outcomes.join("")}</CloseWorkDayByShipmentNumberResult>`;
  }
}

function fault(reason: string) {
  return {
    status: 500,
    body: `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><soap:Fault><soap:Code><soap:Value>soap:Receiver</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="it">${escapeXml(reason)}</soap:Text></soap:Reason></soap:Fault></soap:Body></soap:Envelope>`,
  };
}

/** A one-page label naming its parcel, as GLS's PDFs do. */
async function labelPdf(number: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([297.64, 419.53]);
  page.drawText(`GLS ${number}`, { x: 20, y: 380, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return pdf.save();
}
