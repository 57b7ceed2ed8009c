// The check of an Italian VAT number, for the settings form (admin) and the identity's tests: apart from
// identity.ts, which every storefront page carries, so that no page downloads it.

/**
 * Whether an Italian partita IVA is well formed: 11 digits whose last one is the check digit
 * (digits in odd positions summed, digits in even positions doubled and reduced below 10).
 */
export function isValidPartitaIva(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  let sum = 0;
  for (let index = 0; index < 10; index++) {
    let digit = Number(value[index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10 === Number(value[10]);
}
