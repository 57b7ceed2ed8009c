import path from "node:path";

// The kinds of file the shop stores (pictures, their renditions, documents staff attach), each with
// the type it is served as. Anything else is bytes to save.
const contentTypes: Record<string, string> = {
  avif: "image/avif",
  gif: "image/gif",
  jpeg: "image/jpeg",
  jpg: "image/jpeg",
  pdf: "application/pdf",
  png: "image/png",
  svg: "image/svg+xml",
  webp: "image/webp",
};

/** The type a stored file is served as, by its name's extension; undefined for an unknown kind. */
export function contentTypeOf(name: string): string | undefined {
  return contentTypeOfExtension(path.extname(name).slice(1));
}

export function contentTypeOfExtension(extension: string): string | undefined {
  const known = extension.toLowerCase();
  return Object.hasOwn(contentTypes, known) ? contentTypes[known] : undefined;
}
