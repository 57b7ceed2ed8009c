import { createHash } from "node:crypto";
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import type { Database } from "~/db/client.server";
import { sandboxParcels } from "~/db/schema";
import { isProvinceCode } from "~/modules/address/provinces";
import { formatAddress, shop } from "~/modules/shop/identity";
import { type Carrier, CarrierError, type CreatedShipment, type Recipient, type ShipmentRequest } from "./carrier";
import { code128Widths } from "./code128";
import { foldAccents, glsProvince, glsWeight, splitWeight } from "./gls-text";
import { mergePdfs } from "./merge-pdfs.server";

// The built-in courier of a shop without GLS credentials: it numbers parcels as GLS does, keeps
// them in its own table (waiting for the close, closed, deleted) and draws real A6 labels with a
// scannable Code 128 barcode, so the demo ships, reprints, deletes and closes end to end.

/** What the sandbox keeps of a parcel to draw its label again. */
type ParcelRequest = {
  reference: string;
  recipient: Recipient;
  parcelCount: number;
  weightGrams: number;
};

// A6, in PDF points.
const pageSize: [number, number] = [297.64, 419.53];
const margin = 16;

/** The sandbox's 9-digit parcel number: derived from the attempt and the position, like a courier's serial. */
export function sandboxParcelNumber(attemptKey: string, position: number): string {
  const digest = createHash("sha256").update(`${attemptKey}:${position}`).digest();
  return `6${String(digest.readUInt32BE(0) % 100_000_000).padStart(8, "0")}`;
}

export function sandboxCarrier(db: Database): Carrier {
  const sigla = shop.address.province;

  async function shipmentOf(attemptKey: string): Promise<CreatedShipment | null> {
    const rows = await db
      .select()
      .from(sandboxParcels)
      .where(and(eq(sandboxParcels.attemptKey, attemptKey), ne(sandboxParcels.state, "deleted")))
      .orderBy(asc(sandboxParcels.position));
    if (rows.length === 0) return null;
    const labels = await Promise.all(
      rows.map((row) => drawLabel(row.request as ParcelRequest, row.position, row.trackingCode)),
    );
    return {
      parcels: rows.map((row) => ({ number: row.number, trackingCode: row.trackingCode })),
      labelPdf: await mergePdfs(labels),
      warning: null,
    };
  }

  return {
    name: "sandbox",

    async createShipment(request) {
      const refusal = refusalOf(request);
      if (refusal) return { outcome: "rejected", reason: refusal };
      const weights = splitWeight(request.weightGrams, request.parcelCount);
      const rows = weights.map((weightGrams, index) => {
        const number = sandboxParcelNumber(request.attemptKey, index + 1);
        const parcel: ParcelRequest = {
          reference: request.reference,
          recipient: request.recipient,
          parcelCount: request.parcelCount,
          weightGrams,
        };
        return {
          number,
          attemptKey: request.attemptKey,
          trackingCode: `${sigla}${number}`,
          position: index + 1,
          request: parcel,
        };
      });
      // The numbers follow from the attempt: asking again returns the parcels the first ask made.
      await db.insert(sandboxParcels).values(rows).onConflictDoNothing();
      const shipment = await shipmentOf(request.attemptKey);
      if (!shipment) return { outcome: "rejected", reason: "Spedizione già eliminata" };
      return { outcome: "created", shipment };
    },

    findShipment: (request) => shipmentOf(request.attemptKey),

    // The sandbox has no credentials to check.
    checkCredentials: async () => {},

    async deleteParcel(number) {
      const [row] = await db.select().from(sandboxParcels).where(eq(sandboxParcels.number, number));
      if (!row || row.state === "deleted") throw new CarrierError(`Spedizione ${number} non presente.`);
      if (row.state === "closed") {
        throw new CarrierError(
          `Spedizione ${number} già confermata con la chiusura della giornata: per annullarla contatta il corriere.`,
        );
      }
      await db.update(sandboxParcels).set({ state: "deleted" }).where(eq(sandboxParcels.number, number));
    },

    async closeDay(numbers) {
      const rows =
        numbers.length === 0
          ? []
          : await db.select().from(sandboxParcels).where(inArray(sandboxParcels.number, numbers));
      const states = new Map(rows.map((row) => [row.number, row.state]));
      const parcels = numbers.map((number) => {
        const state = states.get(number);
        if (state === "waiting") return { number, closed: true, reason: null };
        const reason =
          state === "closed" ? "Spedizione già confermata" : "Spedizione inesistente o precedentemente cancellata";
        return { number, closed: false, reason };
      });
      const closing = parcels.filter((parcel) => parcel.closed).map((parcel) => parcel.number);
      if (closing.length === 0) {
        throw new CarrierError(
          `Nessuna spedizione chiusa: ${parcels.map((parcel) => `${parcel.number}: ${parcel.reason}`).join("; ")}`,
        );
      }
      await db.update(sandboxParcels).set({ state: "closed" }).where(inArray(sandboxParcels.number, closing));
      return { parcels };
    },
  };
}

/** Why GLS would refuse this request, in its words, or null. */
function refusalOf(request: ShipmentRequest): string | null {
  const { recipient } = request;
  if (!isProvinceCode(glsProvince(recipient.province))) return `Provincia non valida: ${recipient.province}`;
  if (!/^\d{5}$/.test(recipient.postalCode.trim())) return `CAP non valido: ${recipient.postalCode}`;
  if (!recipient.name.trim() || !recipient.address.trim() || !recipient.city.trim()) {
    return "Dati del destinatario incompleti";
  }
  if (request.parcelCount < 1 || request.weightGrams < request.parcelCount) return "Colli o peso non validi";
  return null;
}

/** Text the standard PDF fonts can draw (Latin-1): other letters folded, anything else shown as "?". */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7e\xa0-\xff]/g, (character) => foldAccents(character).replace(/[^\x20-\x7e]/g, "?"));
}

async function drawLabel(parcel: ParcelRequest, position: number, trackingCode: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Etichetta ${trackingCode}`);
  const page = pdf.addPage(pageSize);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [width, height] = pageSize;
  let y = height - margin;

  const line = (text: string, size: number, font: PDFFont = regular) => {
    y -= size + 3;
    page.drawText(printable(text), { x: margin, y, size, font, maxWidth: width - 2 * margin });
  };
  const rule = () => {
    y -= 6;
    page.drawLine({ start: { x: margin, y }, end: { x: width - margin, y }, thickness: 0.8 });
  };

  line(`${shop.name} - SPEDIZIONE DI PROVA`, 11, bold);
  line("Mittente", 7);
  line(shop.seller.legalName, 8);
  line(formatAddress(), 8);
  rule();
  line("Destinatario", 7);
  line(parcel.recipient.name, 13, bold);
  line(parcel.recipient.address, 11);
  line(
    `${parcel.recipient.postalCode} ${parcel.recipient.city.toUpperCase()} (${parcel.recipient.province.toUpperCase()})`,
    11,
    bold,
  );
  line(`Tel. ${parcel.recipient.phone}`, 9);
  rule();
  line(`Rif. ordine ${parcel.reference}`, 11, bold);
  line(`Collo ${position} di ${parcel.parcelCount}   Peso ${glsWeight(parcel.weightGrams)} kg`, 11);
  drawBarcode(page, trackingCode, { x: margin, y: margin + 22, width: width - 2 * margin, height: 70 });
  const size = 12;
  const textWidth = bold.widthOfTextAtSize(trackingCode, size);
  page.drawText(trackingCode, { x: (width - textWidth) / 2, y: margin + 6, size, font: bold });
  return pdf.save();
}

/** `text` as a Code 128 barcode filling the box, with the quiet zones scanners need on both sides. */
function drawBarcode(page: PDFPage, text: string, box: { x: number; y: number; width: number; height: number }) {
  const widths = code128Widths(text);
  const quietModules = 10;
  const modules = widths.reduce((sum, width) => sum + width, 0) + 2 * quietModules;
  const moduleWidth = box.width / modules;
  let x = box.x + quietModules * moduleWidth;
  widths.forEach((modulesWide, index) => {
    const barWidth = modulesWide * moduleWidth;
    if (index % 2 === 0) page.drawRectangle({ x, y: box.y, width: barWidth, height: box.height, color: rgb(0, 0, 0) });
    x += barWidth;
  });
}
