// An upload larger than the server reads (server/request-guards.ts): the page checks the chosen
// files before sending, and a page posted before its scripts ran is sent back with this query,
// so either way staff read why in the page, in Italian.

export const UPLOAD_TOO_LARGE_QUERY = "troppo-grande";

/** Whether the address is the page sent back after a refused upload. */
export function uploadWasTooLarge(request: Request): boolean {
  return new URL(request.url).searchParams.has(UPLOAD_TOO_LARGE_QUERY);
}

/** Whether the files chosen in the form's `name` input weigh more than `maxBytes` together. */
export function chosenFilesTooLarge(form: HTMLFormElement, name: string, maxBytes: number): boolean {
  const input = form.elements.namedItem(name);
  if (!(input instanceof HTMLInputElement) || !input.files) return false;
  return [...input.files].reduce((sum, file) => sum + file.size, 0) > maxBytes;
}
