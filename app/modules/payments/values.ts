// The payment providers: value lists and stored shapes the database keeps too. app/db/schema.ts
// imports them for its columns and checks, so this file imports nothing of the app but other such
// lists.

export const paymentProviders = ["stripe", "sandbox"] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];
