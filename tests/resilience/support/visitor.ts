// A browser without JavaScript, for the resilience tests: it keeps its cookies, posts forms as the
// shop's own pages do (same-origin Origin header), and comes from an IP of its own, which the local
// proxy forwards in X-Forwarded-For as a proxy chain in front of it would.

export type VisitorRequest = {
  /** Through the proxy to this instance (its index) rather than the next in turn. */
  via?: number;
  form?: Record<string, string> | FormData;
};

export class Visitor {
  private readonly cookies = new Map<string, string>();

  /** `base` is the shop's public address (the proxy), which the forms' Origin header names. */
  constructor(
    readonly base: string,
    readonly ip: string,
  ) {}

  get(path: string, { via }: VisitorRequest = {}): Promise<Response> {
    return this.send("GET", path, { via });
  }

  post(path: string, form: Record<string, string> | FormData, { via }: VisitorRequest = {}): Promise<Response> {
    return this.send("POST", path, { via, form });
  }

  private async send(method: string, path: string, { via, form }: VisitorRequest): Promise<Response> {
    const headers = new Headers({ "x-forwarded-for": this.ip, "user-agent": "resilience-test" });
    if (this.cookies.size > 0) {
      headers.set("cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    }
    if (method !== "GET") headers.set("origin", new URL(this.base).origin);
    if (via !== undefined) headers.set("x-test-backend", String(via));
    const body = form instanceof FormData ? form : form ? new URLSearchParams(form) : undefined;
    const response = await fetch(new URL(path, this.base), { method, headers, body, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const [name = "", value = ""] = pair.split(/=(.*)/s).map((part) => part.trim());
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

/** A hidden field's value in a page, as a browser would post it back. */
export function hiddenField(page: string, name: string): string {
  const escaped = page.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1];
  if (escaped === undefined) throw new Error(`no field ${name} in the page`);
  return escaped
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}
