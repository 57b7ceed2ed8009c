// What a process keeps in memory of what guests see (the filters' choices, the settings) is dropped
// when the database announces a committed change (server/storefront-caches.ts). The server and the
// app bundle it loads are separate module instances, each with its own copy of every module: the
// forgetters are kept in one process-wide slot, as the database pool is (client.server.ts), so the
// server's announcement reaches the copies the pages read, not only its own.

const slot = globalThis as typeof globalThis & { __vetrinaStorefrontForgetters?: Set<() => void> };
slot.__vetrinaStorefrontForgetters ??= new Set();
const forgetters = slot.__vetrinaStorefrontForgetters;

/** `forget` runs on every committed change to what guests see, whichever module instance registered it. */
export function forgetOnStorefrontChange(forget: () => void): void {
  forgetters.add(forget);
}

/** Drops every copy this process keeps, in every module instance. */
export function forgetStorefrontCopies(): void {
  for (const forget of forgetters) forget();
}
