// Reading the withdrawal form on the server: the customer's choice, checked, with the first problem
// in Italian. Apart from form.ts, which the page's components import, so Zod stays off the page.
import { z } from "zod";
import { quantityField, type WithdrawalChoice, withdrawalFields } from "./form";

const details = z.object({
  name: z.string().trim().min(1, "Scrivi il tuo nome e cognome.").max(120, "Il nome è troppo lungo."),
  email: z.string().trim().max(254, "L'email è troppo lunga.").pipe(z.email("Scrivi un indirizzo email valido.")),
});

/**
 * The choice in the form for an order with these lines (id and pieces still available), with the
 * first problem in Italian; the choice comes back as typed so the form shows it again.
 */
export function readWithdrawalChoice(
  form: FormData,
  lines: { id: number; available: number }[],
): { choice: WithdrawalChoice; error: string | null } {
  const text = (name: string) => String(form.get(name) ?? "");
  const whole = text(withdrawalFields.scope) !== "articoli";
  const quantities: Record<number, number> = {};
  let badQuantity = false;
  for (const line of lines) {
    const raw = text(quantityField(line.id)).trim();
    const quantity = raw === "" ? 0 : Number(raw);
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > line.available) badQuantity = true;
    quantities[line.id] = Number.isInteger(quantity) ? Math.min(Math.max(quantity, 0), line.available) : 0;
  }
  const parsed = details.safeParse({ name: text(withdrawalFields.name), email: text(withdrawalFields.email) });
  const choice = {
    name: parsed.success ? parsed.data.name : text(withdrawalFields.name).trim(),
    email: parsed.success ? parsed.data.email : text(withdrawalFields.email).trim(),
    whole,
    quantities,
  };
  if (!parsed.success) return { choice, error: parsed.error.issues[0]?.message ?? "Controlla i dati." };
  if (!whole && badQuantity)
    return { choice, error: "Scegli per ogni articolo un numero di pezzi tra 0 e quelli ordinati." };
  if (!whole && Object.values(quantities).every((quantity) => quantity === 0)) {
    return { choice, error: "Scegli almeno un articolo da restituire." };
  }
  return { choice, error: null };
}
