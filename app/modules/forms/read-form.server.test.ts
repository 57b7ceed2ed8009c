import { describe, expect, it } from "vitest";
import { readForm } from "./read-form.server";

const post = (body: BodyInit, contentType?: string) =>
  new Request("http://localhost/contact", {
    method: "POST",
    headers: contentType ? { "Content-Type": contentType } : {},
    body,
  });

/** What readForm threw: the answer's status and text. */
async function refusal(request: Request) {
  const thrown = await readForm(request).then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  const answer = thrown as Response;
  return { status: answer.status, text: await answer.text() };
}

const invalid = { status: 400, text: "Richiesta non valida." };

describe("readForm", () => {
  it("reads the forms browsers post: urlencoded and multipart", async () => {
    const urlencoded = await readForm(post("name=Anna&name=Bea&email=a%40b.it", "application/x-www-form-urlencoded"));
    expect([...urlencoded]).toEqual([
      ["name", "Anna"],
      ["name", "Bea"],
      ["email", "a@b.it"],
    ]);
    const fields = new FormData();
    fields.append("message", "Ciao è tutto ok?");
    expect((await readForm(post(fields))).get("message")).toBe("Ciao è tutto ok?");
    const withCharset = post("a=1", "Application/X-WWW-Form-Urlencoded; charset=UTF-8");
    expect((await readForm(withCharset)).get("a")).toBe("1");
  });

  it("refuses with a 400 in Italian a body that is no form", async () => {
    expect(await refusal(post('{"name":"Anna"}', "application/json"))).toEqual(invalid);
    expect(await refusal(post("name=Anna", "text/plain"))).toEqual(invalid);
    expect(
      await refusal(new Request("http://localhost/contact", { method: "POST", body: new Uint8Array([1]) })),
    ).toEqual(invalid);
    expect(await refusal(post("name=Anna", "multipart/form-data"))).toEqual(invalid);
    expect(await refusal(post("--x\r\nContent-Disposition: form-data\r\n", "multipart/form-data; boundary=x"))).toEqual(
      invalid,
    );
  });

  it("refuses a NUL character in a field's value or name, which PostgreSQL's text cannot hold", async () => {
    expect(await refusal(post("name=An%00na", "application/x-www-form-urlencoded"))).toEqual(invalid);
    expect(await refusal(post("na%00me=Anna", "application/x-www-form-urlencoded"))).toEqual(invalid);
    const fields = new FormData();
    fields.append("message", "a\u0000b");
    expect(await refusal(post(fields))).toEqual(invalid);
  });

  it("takes broken UTF-8 as the replacement character, as browsers read it", async () => {
    const form = await readForm(post("name=%C3%28&x=%ZZ", "application/x-www-form-urlencoded"));
    expect(form.get("name")).toBe("\ufffd(");
    expect(form.get("x")).toBe("%ZZ");
  });
});
