/** Lower-case ASCII words joined by hyphens, for ids and file names: "2. Acqua fredda" → "2-acqua-fredda". */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
