/**
 * The page's scripts start loading once the browser has painted it.
 *
 * Pages are rendered on the server and work before their scripts run (links, forms, the filters'
 * submit buttons), so what a visitor waits for first is the paint, then the pictures. React Router
 * preloads every module from <head> and imports them from an inline module script: the browser
 * fetches ~130 KB of JavaScript beside the style sheet and the first pictures, and on a slow phone
 * runs it before it paints. React Router has no option for this, so the first part of each page is
 * rewritten as it leaves the server: the preloads lose their `rel` (kept as `data-after-paint-rel`)
 * and the bootstrap script its `type`, and a small script (with the request's nonce) gives both back
 * after the first frame. A page opened in a background tab starts its scripts when it is first shown.
 *
 * React hydrates the document as before: it skips the bootstrap script added to <head>, and its own
 * elements only differ by attributes, which hydration does not compare.
 */
const modulePreload = Buffer.from('<link rel="modulepreload" ');
const heldModulePreload = Buffer.from('<link data-after-paint-rel="modulepreload" ');
const bootstrapType = Buffer.from(' type="module" async=""');
const heldBootstrapType = Buffer.from(' type="text/x-after-paint" async=""');
const scriptEnd = Buffer.from("</script>");

const startAfterPaint = [
  "requestAnimationFrame(()=>setTimeout(()=>{",
  'for(const link of document.querySelectorAll("link[data-after-paint-rel]"))link.rel=link.dataset.afterPaintRel;',
  "const held=document.querySelector('script[type=\"text/x-after-paint\"]');",
  'if(held){const script=document.createElement("script");script.type="module";script.nonce=held.nonce;script.text=held.text;document.head.append(script)}',
  "}))",
].join("");

/** The first part of a page, with its scripts held until the first paint; other parts unchanged. */
export function holdScriptsUntilPaint(html: Buffer, nonce: string): Buffer {
  const bootstrapAt = html.indexOf(bootstrapType);
  if (bootstrapAt < 0) return html;
  const bootstrapEnd = html.indexOf(scriptEnd, bootstrapAt);
  if (bootstrapEnd < 0) return html;
  const pieces: Buffer[] = [];
  let from = 0;
  for (let at = html.indexOf(modulePreload); at >= 0 && at < bootstrapAt; at = html.indexOf(modulePreload, from)) {
    pieces.push(html.subarray(from, at), heldModulePreload);
    from = at + modulePreload.length;
  }
  const afterBootstrap = bootstrapEnd + scriptEnd.length;
  pieces.push(
    html.subarray(from, bootstrapAt),
    heldBootstrapType,
    html.subarray(bootstrapAt + bootstrapType.length, afterBootstrap),
    Buffer.from(`<script nonce="${nonce}">${startAfterPaint}</script>`),
    html.subarray(afterBootstrap),
  );
  return Buffer.concat(pieces);
}
