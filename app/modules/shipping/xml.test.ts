import { describe, expect, it } from "vitest";
import { childText, escapeXml, findAll, parseXml, XmlParseError, xmlField } from "./xml";

describe("the XML reader", () => {
  it("reads elements, text, entities and CDATA, dropping namespace prefixes", () => {
    const root = parseXml(
      '<?xml version="1.0" encoding="utf-8"?>\n<soap:Envelope xmlns:soap="x"><soap:Body><A n="1">Rossi &amp; C. &#232;</A><B/><C><![CDATA[<x>]]></C></soap:Body></soap:Envelope>',
    );
    expect(root.name).toBe("Envelope");
    const [body] = findAll(root, "Body");
    if (!body) throw new Error("no Body");
    expect(body.children.map((child) => child.name)).toEqual(["A", "B", "C"]);
    expect(childText(body, "A")).toBe("Rossi & C. è");
    expect(childText(body, "B")).toBeNull();
    expect(childText(body, "C")).toBe("<x>");
  });

  it("finds every element of a name in document order", () => {
    const root = parseXml("<L><P><N>1</N></P><P><N>2</N></P></L>");
    expect(findAll(root, "N").map((element) => element.text)).toEqual(["1", "2"]);
  });

  it("refuses a document that is not well formed", () => {
    expect(() => parseXml("<A><B></A>")).toThrow(XmlParseError);
    expect(() => parseXml("Password errata")).toThrow(XmlParseError);
    expect(() => parseXml("<A/><B/>")).toThrow(XmlParseError);
  });

  it("writes escaped fields, empty ones self-closed", () => {
    expect(escapeXml("a<b>&c")).toBe("a&lt;b&gt;&amp;c");
    expect(xmlField("Note", "1 < 2")).toBe("<Note>1 &lt; 2</Note>");
    expect(xmlField("FormatoPdf", "")).toBe("<FormatoPdf/>");
  });
});
