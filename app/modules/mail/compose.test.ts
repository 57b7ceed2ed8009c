import { describe, expect, it } from "vitest";
import { shop } from "~/modules/shop/identity";
import { composeEmail } from "./compose";

describe("composeEmail", () => {
  const message = composeEmail({
    to: "cliente@example.it",
    subject: "Conferma la tua iscrizione",
    paragraphs: ["Ciao <Anna> & benvenuta!", "Seconda riga."],
    action: { label: "Conferma", url: "https://negozio.example/conferma?token=a&b=1" },
  });

  it("writes the same words in the plain-text part, with the link spelled out", () => {
    expect(message.text).toContain("Ciao <Anna> & benvenuta!");
    expect(message.text).toContain("Conferma: https://negozio.example/conferma?token=a&b=1");
    expect(message.text).toContain(`P.IVA ${shop.seller.vatNumber}`);
  });

  it("escapes text in the HTML part", () => {
    expect(message.html).toContain("Ciao &lt;Anna&gt; &amp; benvenuta!");
    expect(message.html).not.toContain("<Anna>");
    expect(message.html).toContain('href="https://negozio.example/conferma?token=a&amp;b=1"');
  });

  it("signs with the shop's identity and sets reply-to only when given", () => {
    expect(message.html).toContain(shop.seller.legalName.replaceAll("&", "&amp;"));
    expect(message).not.toHaveProperty("replyTo");
    expect(composeEmail({ to: "a@b.it", subject: "s", paragraphs: [], replyTo: "c@d.it" }).replyTo).toBe("c@d.it");
  });
});
