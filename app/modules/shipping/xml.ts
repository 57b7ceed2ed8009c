// The little XML GLS speaks: elements, text, CDATA and the five entities (plus numeric ones). No
// attributes are kept and namespace prefixes are dropped ("soap:Body" is "Body"): GLS's answers
// never need them, and a full parser would be a dependency for nothing.

export type XmlElement = { name: string; children: XmlElement[]; text: string };

export class XmlParseError extends Error {}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, entity: string) => {
    if (entity.startsWith("#x")) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith("#")) return String.fromCodePoint(Number(entity.slice(1)));
    return entities[entity] ?? whole;
  });
}

/** `text` safe inside an element. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** `<name>text</name>`, the text escaped; an empty value is written `<name/>`. */
export function xmlField(name: string, value: string | number): string {
  const text = String(value);
  return text === "" ? `<${name}/>` : `<${name}>${escapeXml(text)}</${name}>`;
}

/** The document's root element. Throws XmlParseError when `source` is not well formed. */
export function parseXml(source: string): XmlElement {
  const root: XmlElement = { name: "", children: [], text: "" };
  const open: XmlElement[] = [root];
  const token =
    /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<(\/?)([\w:.-]+)[^>]*?(\/?)>|([^<]+)/g;
  let position = 0;
  for (let match = token.exec(source); match; match = token.exec(source)) {
    if (match.index !== position) break;
    position = token.lastIndex;
    const current = open[open.length - 1] as XmlElement;
    const [, cdata, closing, tagName, selfClosing, text] = match;
    if (cdata !== undefined) current.text += cdata;
    else if (text !== undefined) current.text += decodeEntities(text);
    else if (tagName !== undefined) {
      const name = tagName.includes(":") ? tagName.slice(tagName.indexOf(":") + 1) : tagName;
      if (closing) {
        if (current.name !== name || open.length === 1) throw new XmlParseError(`Unexpected </${tagName}>`);
        open.pop();
      } else {
        const element: XmlElement = { name, children: [], text: "" };
        current.children.push(element);
        if (!selfClosing) open.push(element);
      }
    }
  }
  const [element, ...others] = root.children;
  if (position !== source.length || open.length !== 1 || !element || others.length > 0 || root.text.trim()) {
    throw new XmlParseError("Not a well-formed XML document");
  }
  return element;
}

/** The first child called `name`. */
export function childOf(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((child) => child.name === name);
}

/** The trimmed text of the first child called `name`, or null when there is none or it is empty. */
export function childText(element: XmlElement, name: string): string | null {
  const text = childOf(element, name)?.text.trim();
  return text ? text : null;
}

/** Every element called `name` inside `element` (itself included), in document order. */
export function findAll(element: XmlElement, name: string): XmlElement[] {
  const found = element.name === name ? [element] : [];
  for (const child of element.children) found.push(...findAll(child, name));
  return found;
}
