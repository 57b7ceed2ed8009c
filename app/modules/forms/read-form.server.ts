// How every action reads a posted form. A browser's form is urlencoded or multipart and never holds
// a NUL character (PostgreSQL's text refuses it): anything else is not one of the shop's forms, and
// gets a 400 instead of reaching the action.

export const invalidRequestMessage = "Richiesta non valida.";

const formContentTypes = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** The request's form, or a thrown 400 answer when the body is not a readable form without NUL characters. */
export async function readForm(request: Request): Promise<FormData> {
  const contentType = request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!formContentTypes.includes(contentType)) throw invalidRequest();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    // A multipart body without its boundary, or cut short.
    throw invalidRequest();
  }
  for (const [name, value] of form) {
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) throw invalidRequest();
  }
  return form;
}

function invalidRequest(): Response {
  return new Response(invalidRequestMessage, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
