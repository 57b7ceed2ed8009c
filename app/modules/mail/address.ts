/** An e-mail address as the shop stores and compares it: without surrounding spaces, in lower case. */
export function normalizeEmail(address: string): string {
  return address.trim().toLowerCase();
}
