import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeGls } from "../../../tests/support/fake-gls-server";
import { CarrierError } from "./carrier";
import { carrierContract, pageCount, shipmentRequest } from "./carrier.contract";
import { glsCarrier, parcelKey } from "./gls.server";
import { childText } from "./xml";

// The adapter against a fake GLS label service on localhost (tests/support/fake-gls-server.ts).

carrierContract("GLS", async () => {
  const gls = await new FakeGls().start();
  return { carrier: glsCarrier(gls.settings()), cleanup: () => gls.stop() };
});

describe("the GLS courier, as GLS sees it", () => {
  let gls: FakeGls;
  beforeAll(async () => {
    gls = await new FakeGls().start();
  });
  afterAll(() => gls.stop());

  const carrier = () => glsCarrier(gls.settings());

  async function created(request = shipmentRequest()) {
    const outcome = await carrier().createShipment(request);
    if (outcome.outcome !== "created") throw new Error(`Not created: ${JSON.stringify(outcome)}`);
    return outcome.shipment;
  }

  it("sends AddParcel with the credentials in Info and each parcel's fields in GLS's order", async () => {
    const request = shipmentRequest({
      reference: "ORD-7F3K",
      parcelCount: 2,
      weightGrams: 2501,
      recipient: {
        name: "Zoë Müller-Lüdenscheidt Gräfin von Hohenstaufen",
        address: "Via Sant'Anna, 3/B",
        city: "Città di Castello",
        postalCode: "06012",
        province: "pg",
        phone: "+39 333 765 4321",
        email: "Zoe.Muller@Example.IT",
      },
    });
    const shipment = await created(request);

    const [sent] = gls.requestsTo("AddParcel").slice(-1);
    const info = sent?.xml;
    if (!info) throw new Error("no AddParcel");
    expect(info.children.map((child) => child.name)).toEqual([
      "SedeGls",
      "CodiceClienteGls",
      "PasswordClienteGls",
      "Parcel",
      "Parcel",
    ]);
    expect([
      childText(info, "SedeGls"),
      childText(info, "CodiceClienteGls"),
      childText(info, "PasswordClienteGls"),
    ]).toEqual([gls.sede, gls.clientCode, gls.password]);
    const [first, second] = info.children.filter((child) => child.name === "Parcel");
    expect(first?.children.map((child) => child.name)).toEqual([
      "CodiceContrattoGls",
      "RagioneSociale",
      "Indirizzo",
      "Localita",
      "Zipcode",
      "Provincia",
      "Colli",
      "Incoterm",
      "PesoReale",
      "ImportoContrassegno",
      "NoteSpedizione",
      "TipoPorto",
      "PesoVolume",
      "TipoCollo",
      "RiferimentoCliente",
      "NoteAggiuntive",
      "CodiceClienteDestinatario",
      "Email",
      "Cellulare1",
      "GeneraPdf",
      "bda",
      "FormatoPdf",
      "ContatoreProgressivo",
      "ServiziAccessori",
    ]);
    const fields = Object.fromEntries(first?.children.map((child) => [child.name, child.text]) ?? []);
    expect(fields).toMatchObject({
      CodiceContrattoGls: gls.contractCode,
      RagioneSociale: "Zoe Mueller-Luedenscheidt Graefin v",
      Indirizzo: "Via Sant'Anna 3 B",
      Localita: "Citta di Castello",
      Zipcode: "06012",
      Provincia: "PG",
      Colli: "1",
      PesoReale: "1,25",
      RiferimentoCliente: "ORD-7F3K",
      Email: "zoe.muller@example.it",
      Cellulare1: "3337654321",
      GeneraPdf: "4",
      bda: parcelKey(request.attemptKey, 1),
      ContatoreProgressivo: parcelKey(request.attemptKey, 1),
    });
    expect(fields.RagioneSociale).toHaveLength(35);
    expect(childText(second ?? info, "PesoReale")).toBe("1,25");
    expect(childText(second ?? info, "ContatoreProgressivo")).toBe(`${request.attemptKey}02`);
    // Credentials never inside a parcel.
    expect(first?.children.some((child) => child.name.includes("Password"))).toBe(false);

    // The tracking code carries the sender's sigla; the number is bare.
    expect(shipment.parcels).toEqual(
      gls.parcels.slice(-2).map((parcel) => ({ number: parcel.number, trackingCode: `CN${parcel.number}` })),
    );
  });

  it("reports a refusal (number 999999999) with GLS's reason, and nothing exists", async () => {
    gls.failNext("reject");
    const before = gls.parcels.length;

    expect(await carrier().createShipment(shipmentRequest())).toEqual({
      outcome: "rejected",
      reason: "CAP non valido per la localita",
    });
    expect(gls.parcels).toHaveLength(before);
  });

  it("deletes the parcels GLS numbered when it refused one of the same shipment", async () => {
    gls.failNext("rejectLast");

    const outcome = await carrier().createShipment(shipmentRequest({ parcelCount: 3, weightGrams: 3000 }));

    expect(outcome).toEqual({ outcome: "rejected", reason: "CAP non valido per la localita" });
    expect(gls.parcels.slice(-2).map((parcel) => parcel.state)).toEqual(["deleted", "deleted"]);
  });

  it("reports DescrizioneErrore on a parcel or on the whole request as a refusal", async () => {
    gls.failNext("error");
    expect(await carrier().createShipment(shipmentRequest())).toEqual({
      outcome: "rejected",
      reason: "Provincia non valida",
    });

    gls.failNext("wrongPassword");
    expect(await carrier().createShipment(shipmentRequest())).toEqual({
      outcome: "rejected",
      reason: "Password errata",
    });

    const wrongPassword = glsCarrier(gls.settings({ password: "sbagliata" }));
    expect(await wrongPassword.createShipment(shipmentRequest())).toEqual({
      outcome: "rejected",
      reason: "Password errata",
    });
  });

  it("creates a GLS Check parcel with a warning for staff", async () => {
    gls.failNext("glsCheck");
    const shipment = await created();
    expect(shipment.warning).toMatch(/^GLS Check: .*indirizzo/);

    gls.failNext("stradario");
    expect((await created()).warning).toContain("Dati non accettabili per lo stradario");
  });

  it("calls a SOAP fault an unknown outcome, with the fault's text", async () => {
    gls.failNext("fault");

    expect(await carrier().createShipment(shipmentRequest())).toEqual({
      outcome: "unknown",
      reason: "GLS ha risposto con un errore (Il servizio non è al momento disponibile.)",
    });
  });

  it("calls an unreachable GLS an unknown outcome when creating, a CarrierError otherwise", async () => {
    const nowhere = glsCarrier(gls.settings({ url: "http://127.0.0.1:1/ilswebservice.asmx" }));

    expect(await nowhere.createShipment(shipmentRequest())).toEqual({
      outcome: "unknown",
      reason: "GLS non è raggiungibile",
    });
    await expect(nowhere.deleteParcel("620873001")).rejects.toThrow(
      new CarrierError("GLS non ha eliminato la spedizione 620873001: GLS non è raggiungibile"),
    );
    await expect(nowhere.findShipment(shipmentRequest())).rejects.toThrow(CarrierError);
  });

  it("calls an empty Parcel unknown, and finds the parcel GLS made anyway", async () => {
    gls.failNext("emptyParcel");
    const request = shipmentRequest();

    const outcome = await carrier().createShipment(request);
    expect(outcome.outcome).toBe("unknown");

    const found = await carrier().findShipment(request);
    const made = gls.parcels.at(-1);
    expect(found?.parcels).toEqual([{ number: made?.number, trackingCode: `CN${made?.number}` }]);
    expect(await pageCount(found?.labelPdf ?? new Uint8Array())).toBe(1);
    // Found, not created again.
    expect(gls.parcels.at(-1)).toBe(made);
  });

  it("fetches the label with GetPdfBySped when AddParcel sends none", async () => {
    gls.failNext("noPdf");
    const request = shipmentRequest();
    const shipment = await created(request);

    const [asked] = gls.requestsTo("GetPdfBySped").slice(-1);
    expect(asked?.form).toEqual({
      SedeGls: gls.sede,
      CodiceCliente: gls.clientCode,
      Password: gls.password,
      CodiceContratto: gls.contractCode,
      NumeroSpedizione: shipment.parcels[0]?.number,
      Bda: parcelKey(request.attemptKey, 1),
      NumeroCollo: "1",
      TipoPorto: "F",
    });
    expect(await pageCount(shipment.labelPdf)).toBe(1);
  });

  it("calls a timeout unknown; the parcel GLS created meanwhile is found, never made twice", async () => {
    gls.failNext({ slow: 1500 });
    const request = shipmentRequest({ parcelCount: 2, weightGrams: 1000 });
    const impatient = glsCarrier(gls.settings({ timeoutMs: 200 }));

    expect(await impatient.createShipment(request)).toEqual({
      outcome: "unknown",
      reason: "GLS non ha risposto entro 0,2 secondi",
    });
    const made = gls.parcels.slice(-2).map((parcel) => parcel.number);
    const found = await carrier().findShipment(request);
    expect(found?.parcels.map((parcel) => parcel.number)).toEqual(made);
    expect(
      gls.requestsTo("AddParcel").filter((sent) => sent.form.XMLInfoParcel?.includes(request.attemptKey)),
    ).toHaveLength(1);
  });

  it("finds a lost parcel by recipient when GLS's list carries no document number", async () => {
    gls.failNext("emptyParcel");
    const request = shipmentRequest({
      recipient: { ...shipmentRequest().recipient, name: "Giovanni Bottà", city: "Bra" },
    });
    await carrier().createShipment(request);
    gls.listWithoutDdt = true;
    try {
      const found = await carrier().findShipment(request);
      expect(found?.parcels.map((parcel) => parcel.number)).toEqual([gls.parcels.at(-1)?.number]);
      const stranger = shipmentRequest({ recipient: { ...request.recipient, name: "Altra Persona" } });
      expect(await carrier().findShipment(stranger)).toBeNull();
    } finally {
      gls.listWithoutDdt = false;
    }
  });

  it("deletes with the bare number and reports GLS's own text when it cannot", async () => {
    const [parcel] = (await created()).parcels;
    if (!parcel) throw new Error("no parcel");

    await carrier().deleteParcel(parcel.number);
    expect(gls.requestsTo("DeleteSped").at(-1)?.form).toEqual({
      SedeGls: gls.sede,
      CodiceClienteGls: gls.clientCode,
      PasswordClienteGls: gls.password,
      NumSpedizione: parcel.number,
    });
    expect(gls.parcel(parcel.number)?.state).toBe("deleted");
    await expect(carrier().deleteParcel(parcel.number)).rejects.toThrow(
      new CarrierError(
        `GLS non ha eliminato la spedizione ${parcel.number}: Spedizione ${parcel.number} non presente.`,
      ),
    );
  });

  it("closes with _xmlRequest and the bare numbers, reporting each parcel's esito", async () => {
    const [parcel] = (await created()).parcels;
    if (!parcel) throw new Error("no parcel");

    const outcome = await carrier().closeDay([parcel.number, "123456789"]);

    expect(outcome.parcels).toEqual([
      { number: parcel.number, closed: true, reason: null },
      { number: "123456789", closed: false, reason: "Spedizione inesistente o precedentemente cancellata" },
    ]);
    const sent = gls.requestsTo("CloseWorkDayByShipmentNumber").at(-1);
    expect(Object.keys(sent?.form ?? {})).toEqual(["_xmlRequest"]);
    expect(sent?.xml?.children.map((child) => child.name)).toEqual([
      "SedeGls",
      "CodiceClienteGls",
      "PasswordClienteGls",
      "Parcel",
      "Parcel",
    ]);
    expect(gls.parcel(parcel.number)?.state).toBe("closed");
  });

  it("turns a refused close into a CarrierError with GLS's reason", async () => {
    const [parcel] = (await created()).parcels;
    const wrongPassword = glsCarrier(gls.settings({ password: "sbagliata" }));

    await expect(wrongPassword.closeDay([parcel?.number ?? ""])).rejects.toThrow(
      new CarrierError("GLS non ha chiuso la giornata: Password errata"),
    );
    expect(gls.parcel(parcel?.number ?? "")?.state).toBe("waiting");
  });

  it("says what the real service says when _xmlRequest is missing", async () => {
    const response = await fetch(`${gls.url}/CloseWorkDayByShipmentNumber`, {
      method: "POST",
      body: new URLSearchParams({ xmlRequest: "<Info/>" }),
    });
    expect(response.status).toBe(500);
    expect(await response.text()).toBe("Missing parameter: _xmlRequest.");
  });

  it("checks the credentials with ListSped and reports GLS's refusal of wrong ones", async () => {
    const listings = gls.requestsTo("ListSped").length;
    const creations = gls.requestsTo("AddParcel").length;
    await expect(carrier().checkCredentials()).resolves.toBeUndefined();
    expect(gls.requestsTo("ListSped")).toHaveLength(listings + 1);

    await expect(glsCarrier(gls.settings({ password: "sbagliata" })).checkCredentials()).rejects.toThrow(
      new CarrierError("GLS non ha fornito l'elenco delle spedizioni: Password errata"),
    );
    expect(gls.requestsTo("AddParcel")).toHaveLength(creations);
  });
});
