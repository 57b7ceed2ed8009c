// 'Pronto per vendere?': what a live shop needs, each thing checked for real and told to the owner
// with what is wrong and how to fix it. These checks read only what the shop knows itself (its
// configuration, settings, backups, catalogue), so the page runs them on every load; the ones that
// ask an outside service (outside-checks.server.ts) run only when the owner asks.
import { formatDate } from "~/modules/format/dates";
import type { IdentitySettings } from "~/modules/settings/settings";

/** ok: ready. warning: works, but something needs the owner's eye. missing: not ready to sell. */
export type ReadinessStatus = "ok" | "warning" | "missing";

export type ReadinessCheck = {
  id: string;
  label: string;
  status: ReadinessStatus;
  /** What the check found, in a sentence. */
  detail: string;
  /** How to fix it; null when nothing needs doing. */
  fix: string | null;
};

const isLocalHost = (host: string) => host === "localhost" || host.endsWith(".localhost") || /^[\d.]+$/.test(host);

export function publicAddressCheck(publicUrl: string): ReadinessCheck {
  const label = "Indirizzo pubblico in https";
  const url = new URL(publicUrl);
  if (url.protocol === "https:" && !isLocalHost(url.hostname)) {
    return {
      id: "public-url",
      label,
      status: "ok",
      detail: `I clienti raggiungono il negozio a ${publicUrl}.`,
      fix: null,
    };
  }
  return {
    id: "public-url",
    label,
    status: "missing",
    detail: `L'indirizzo del negozio è ${publicUrl}: i link nelle e-mail e il ritorno dal pagamento non funzionano per i clienti.`,
    fix: "Imposta PUBLIC_URL con l'indirizzo https del negozio (per esempio https://www.tuonegozio.it) e riavvia.",
  };
}

export function authSecretCheck(authSecret: string | undefined): ReadinessCheck {
  const label = "Segreto delle sessioni";
  if (authSecret) {
    return { id: "auth-secret", label, status: "ok", detail: "BETTER_AUTH_SECRET è impostato.", fix: null };
  }
  return {
    id: "auth-secret",
    label,
    status: "missing",
    detail:
      "Il segreto che firma accessi e link di conferma è un file nella cartella dei dati: se va perso, tutti devono accedere di nuovo.",
    fix: "Crea un segreto con «openssl rand -base64 32», mettilo in BETTER_AUTH_SECRET e riavvia.",
  };
}

export function proxyCheck(input: {
  trustProxy: false | number | string[];
  /** The page's own request came with X-Forwarded-* or Forwarded headers. */
  forwarded: boolean;
  publicUrl: string;
}): ReadinessCheck {
  const label = "Proxy davanti al negozio";
  if (input.trustProxy !== false) {
    return {
      id: "proxy",
      label,
      status: "ok",
      detail: "Il negozio si fida del proxy indicato in TRUST_PROXY per l'indirizzo dei visitatori.",
      fix: null,
    };
  }
  const fix =
    "Imposta TRUST_PROXY (per esempio «loopback» se Caddy gira sullo stesso server, o il numero di proxy) e riavvia.";
  if (input.forwarded) {
    return {
      id: "proxy",
      label,
      status: "missing",
      detail:
        "Questa pagina è arrivata attraverso un proxy, ma il negozio non si fida di nessuno: vede il proxy al posto dei visitatori e i limiti di accesso colpiscono tutti insieme.",
      fix,
    };
  }
  if (input.publicUrl.startsWith("https://")) {
    return {
      id: "proxy",
      label,
      status: "warning",
      detail:
        "L'indirizzo è in https, ma il negozio non si fida di nessun proxy: chi gestisce l'https davanti al negozio?",
      fix,
    };
  }
  return { id: "proxy", label, status: "ok", detail: "Nessun proxy davanti al negozio.", fix: null };
}

/** A night's backup may run late; two nights without one is a problem. */
const backupMaxAgeHours = 36;

export function backupCheck(input: {
  folder: string;
  /** When the newest finished backup was taken, or null. */
  newest: Date | null;
  lastError: string | null;
  /** Why the folder could not be read, or null. */
  unreadable: string | null;
  now: Date;
}): ReadinessCheck {
  const id = "backup";
  const label = "Backup notturno";
  const fix = "Apri Impostazioni › Backup notturno, scegli una cartella o un bucket e controlla che sia scrivibile.";
  if (input.folder === "") {
    return { id, label, status: "missing", detail: "Nessuna cartella per i backup: il negozio non ne fa.", fix };
  }
  if (input.unreadable) {
    return { id, label, status: "missing", detail: `La cartella dei backup non si legge: ${input.unreadable}`, fix };
  }
  if (input.lastError) {
    return { id, label, status: "missing", detail: `L'ultimo backup non è riuscito: ${input.lastError}`, fix };
  }
  if (!input.newest) {
    return {
      id,
      label,
      status: "missing",
      detail: "Non c'è ancora nessun backup: il primo si fa stanotte alle 3.",
      fix: "Aspetta la notte, o controlla domani che il backup ci sia.",
    };
  }
  const hours = (input.now.getTime() - input.newest.getTime()) / 3_600_000;
  const taken = `L'ultimo backup è del ${formatDate(input.newest, "dateTime")}`;
  if (hours > backupMaxAgeHours) {
    return { id, label, status: "missing", detail: `${taken}: da allora nessun backup è riuscito.`, fix };
  }
  return { id, label, status: "ok", detail: `${taken}.`, fix: null };
}

/** Domains reserved for examples: an address there reaches nobody. */
const exampleAddress = /@(?:[^@]+\.)?(?:example\.(?:com|org|net|it)|test|invalid|localhost)$/i;

/** The seller as the legal pages, the footer and the e-mails name it (Codice del Consumo art. 49, D.Lgs. 70/2003 art. 7). */
export function sellerCheck(identity: IdentitySettings, rea: string): ReadinessCheck {
  const label = "Dati del venditore e pagine legali";
  const missing = [
    [identity.legalName, "ragione sociale"],
    [identity.vatNumber, "partita IVA"],
    [rea, "numero REA"],
    [identity.street && identity.town, "indirizzo"],
    [identity.phoneDisplay, "telefono"],
    [exampleAddress.test(identity.email) ? "" : identity.email, "e-mail raggiungibile"],
  ]
    .filter(([value]) => !value)
    .map(([, name]) => name);
  if (missing.length === 0) {
    return {
      id: "seller",
      label,
      status: "ok",
      detail: `Privacy, Termini e Spedizioni nominano ${identity.legalName}, P.IVA ${identity.vatNumber}.`,
      fix: null,
    };
  }
  return {
    id: "seller",
    label,
    status: "missing",
    detail: `Alle pagine legali manca: ${missing.join(", ")}.`,
    fix: "Completa Impostazioni › Dati del negozio.",
  };
}

export function productPhotosCheck(counts: { onSale: number; withoutPhotos: number }): ReadinessCheck {
  const label = "Prodotti con foto vere";
  if (counts.onSale === 0) {
    return {
      id: "photos",
      label,
      status: "missing",
      detail: "Non c'è nessun prodotto in vendita.",
      fix: "Aggiungi i prodotti in Prodotti › Nuovo prodotto, o importali da un file CSV.",
    };
  }
  if (counts.withoutPhotos > 0) {
    const some =
      counts.withoutPhotos === 1 ? "1 prodotto in vendita ha" : `${counts.withoutPhotos} prodotti in vendita hanno`;
    return {
      id: "photos",
      label,
      status: "missing",
      detail: `${some} solo le illustrazioni della demo, o nessuna immagine.`,
      fix: "Carica le foto di ogni prodotto dalla sua pagina Immagini, o archivia i prodotti della demo.",
    };
  }
  return {
    id: "photos",
    label,
    status: "ok",
    detail: `Tutti i ${counts.onSale} prodotti in vendita hanno una foto.`,
    fix: null,
  };
}
