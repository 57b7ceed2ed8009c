import type { z } from "zod";
import { lazyRules } from "~/components/forms/use-checked-form";

type AccountRules = typeof import("~/modules/accounts/validation");

const loadAccountRules = lazyRules(() => import("~/modules/accounts/validation"));

/** One of the account forms' schemas (modules/accounts/validation.ts), for useCheckedForm. */
export function accountSchema(pick: (rules: AccountRules) => z.ZodType): () => Promise<z.ZodType> {
  return () => loadAccountRules().then(pick);
}
