import { PDFDocument } from "pdf-lib";

/** Several label PDFs as one, their pages in order: staff print a shipment's labels at once. */
export async function mergePdfs(pdfs: Uint8Array[]): Promise<Uint8Array> {
  if (pdfs.length === 1 && pdfs[0]) return pdfs[0];
  const merged = await PDFDocument.create();
  for (const pdf of pdfs) {
    const source = await PDFDocument.load(pdf);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged.save();
}
