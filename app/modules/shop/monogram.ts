// The shop's monogram, the browser tab's icon: inline in every page (root.tsx) and at /favicon.ico,
// which the browser asks for documents that declare none (a shipping label's PDF, a plain answer).
export const MONOGRAM_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#7a2e3b"/><text x="32" y="45" font-family="Georgia,serif" font-size="40" text-anchor="middle" fill="#fbf8f4">V</text></svg>';
