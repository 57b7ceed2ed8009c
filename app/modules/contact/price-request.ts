// A link to the contact form with its subject filled in: a product without a price asks for it.
// Apart from contact.ts so that the product page does not download the form's limits and texts.

/** The contact page's query field that fills in the subject. */
export const CONTACT_SUBJECT_PARAM = "oggetto";

/** Where a shopper asks the price of a product that shows none: the contact form, its subject filled in. */
export function priceRequestPath(productName: string): string {
  return `/contact?${new URLSearchParams({ [CONTACT_SUBJECT_PARAM]: `Prezzo di ${productName}` })}`;
}

/** The subject a link filled in, within the field's limit; "" without one. */
export function prefilledSubject(url: URL, maxLength: number): string {
  return (url.searchParams.get(CONTACT_SUBJECT_PARAM) ?? "").trim().slice(0, maxLength);
}
