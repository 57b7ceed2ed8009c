import { describe, expect, it } from "vitest";
import type { AdminOrderExportRow } from "./admin-orders.server";
import { CSV_BOM, csvCell, csvEuro, ordersCsvHeader, ordersCsvRows } from "./orders-csv";

const row: AdminOrderExportRow = {
  id: "a1b2c3d4-0000-4000-8000-000000000001",
  createdAt: "2026-07-01T12:30:00.000Z",
  customerName: "Anna Neri",
  email: "anna@example.it",
  subtotalCents: 5000,
  discounts: [],
  shippingCostCents: 790,
  totalCents: 5790,
  status: "shipped",
  paymentStatus: "paid",
  deliveryMethod: "shipping",
  shippingTracking: "GLS123",
  hasLabel: true,
};

describe("orders CSV", () => {
  it("starts with the byte order mark and a header separated by semicolons", () => {
    expect(ordersCsvHeader()).toBe(
      `${CSV_BOM}Ordine;Data;Cliente;E-mail;Subtotale (EUR);Promo Extra 2° Costume (EUR);Sconto;Sconto (EUR);Spedizione (EUR);Totale (EUR);Stato;Pagamento;Consegna;Tracking GLS\r\n`,
    );
  });

  it("writes one line per order in Italian, Rome time and comma decimals", () => {
    expect(ordersCsvRows([row, { ...row, customerName: null, shippingTracking: null, status: "reserved" }])).toBe(
      "#a1b2c3d4;01/07/2026, 14:30;Anna Neri;anna@example.it;50,00;0,00;;0,00;7,90;57,90;Spedito;Pagato;Spedizione a domicilio con GLS;GLS123\r\n" +
        "#a1b2c3d4;01/07/2026, 14:30;N/A;anna@example.it;50,00;0,00;;0,00;7,90;57,90;Riservato (Paga in Negozio);Pagato;Spedizione a domicilio con GLS;N/D\r\n",
    );
  });

  it("writes what the total is made of: subtotal, less the promotion and the named discount, plus shipping", () => {
    const discounted: AdminOrderExportRow = {
      ...row,
      subtotalCents: 9980,
      discounts: [
        { code: "second_swimsuit", label: "Promo Extra 2° Costume", amountCents: 1197 },
        { code: "coupon", label: "Codice sconto VETRINA15 (15%)", amountCents: 1317 },
      ],
      shippingCostCents: 0,
      totalCents: 7466,
      deliveryMethod: "pickup",
    };
    expect(ordersCsvRows([discounted])).toContain(
      ";anna@example.it;99,80;11,97;Codice sconto VETRINA15 (15%);13,17;0,00;74,66;Spedito;",
    );
  });

  it("keeps cells that look like formulas as text", () => {
    for (const value of ["=1+1", "+39 333", "-2", "@SUM(A1)", "\t=1", "\r=1"]) {
      expect(csvCell(value).replace(/^"/, "").startsWith("'")).toBe(true);
    }
    expect(ordersCsvRows([{ ...row, customerName: '=HYPERLINK("http://x";"y")' }])).toContain(
      `;"'=HYPERLINK(""http://x"";""y"")";`,
    );
  });

  it("quotes separators, quotes and line breaks, and leaves plain text alone", () => {
    expect(csvCell("Rossi; Bianchi")).toBe('"Rossi; Bianchi"');
    expect(csvCell('Anna "Nina"')).toBe('"Anna ""Nina"""');
    expect(csvCell("riga\nnuova")).toBe('"riga\nnuova"');
    expect(csvCell("Nicolò D'Amico")).toBe("Nicolò D'Amico");
  });

  it("writes cents as euro with a comma", () => {
    expect([0, 5, 99, 100, 5790, 123456].map(csvEuro)).toEqual(["0,00", "0,05", "0,99", "1,00", "57,90", "1234,56"]);
  });
});
