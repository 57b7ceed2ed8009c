import sanitizeHtml from "sanitize-html";
import { slugify } from "~/modules/format/slug";

/** One entry of an article's table of contents: an h2 heading and the id it links to. */
export type TocEntry = { id: string; text: string };

// What an article body may contain. Everything else is dropped: unknown tags keep their text,
// the tags below lose their content too, and no attribute survives unless listed here.
const allowList: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "ul",
    "ol",
    "li",
    "a",
    "strong",
    "em",
    "b",
    "i",
    "u",
    "s",
    "blockquote",
    "img",
    "figure",
    "figcaption",
  ],
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "iframe",
    "object",
    "embed",
    "svg",
    "math",
    "template",
    "title",
  ],
  disallowedTagsMode: "discard",
  allowedAttributes: {
    a: ["href", "title", "rel", { name: "target", values: ["_blank"] }],
    img: ["src", "alt", "title", "width", "height", "loading"],
  },
  // Relative URLs (the shop's own /files/…) pass; absolute ones only with these schemes.
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  transformTags: {
    // The page title is the article's only h1.
    h1: "h2",
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: "noopener" } }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy" } }),
  },
};

/** The body HTML reduced to the allow-list above: safe to put in the page as markup. */
function sanitizeArticleHtml(dirty: string): string {
  return sanitizeHtml(dirty, allowList);
}

const decodeText = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&")
    .trim();

/**
 * The article body ready for the page: sanitized, with an id on every h2 and h3 so the table of
 * contents (the h2 headings) can link to them.
 */
export function prepareArticleBody(dirty: string): { html: string; toc: TocEntry[] } {
  const safe = sanitizeArticleHtml(dirty);
  const toc: TocEntry[] = [];
  const used = new Set<string>();
  // The sanitizer writes headings as bare <h2>/<h3> (no attribute is allowed on them), so this
  // pattern sees every heading of the sanitized markup.
  const html = safe.replace(/<(h[23])>([\s\S]*?)<\/\1>/g, (_match, tag: string, inner: string) => {
    const text = decodeText(inner);
    const base = slugify(text) || "sezione";
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    if (tag === "h2") toc.push({ id, text });
    return `<${tag} id="${id}">${inner}</${tag}>`;
  });
  return { html, toc };
}
