import { shop } from "~/modules/shop/identity";

// The page every request gets while the shop cannot reach its database: a short, self-contained
// page (no script, no image, no database) with status 503 and Retry-After, so visitors read that
// the shop is coming back, and crawlers and proxies know to return later rather than forget the page.

/** How long visitors, crawlers and payment providers are asked to wait before trying again. */
export const outageRetryAfterSeconds = 30;

export const outageTitle = "Il negozio è momentaneamente non disponibile";

/** The page's headers: status 503, a retry time, never cached; its one inline style allowed, nothing else. */
export function outageHeaders(): Headers {
  return new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Retry-After": String(outageRetryAfterSeconds),
    "Cache-Control": "no-store",
    "Content-Security-Policy":
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  });
}

export function outagePage(): string {
  return `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${outageTitle} | ${shop.name}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#fbf8f4;color:#2b2321;font-family:system-ui,sans-serif;text-align:center}
main{max-width:32rem;padding:2rem}
h1{font-family:Georgia,serif;font-weight:400;font-size:1.75rem;margin:0 0 1rem}
p{color:#62554e;line-height:1.6;margin:0 0 1rem}
a{color:#7a2e3b}
</style>
</head>
<body>
<main>
<p>${shop.name}</p>
<h1>${outageTitle}</h1>
<p>Stiamo risolvendo un problema tecnico: il negozio torna disponibile tra pochi minuti. Il tuo carrello resta salvato.</p>
<p><a href="">Riprova</a></p>
</main>
</body>
</html>
`;
}
