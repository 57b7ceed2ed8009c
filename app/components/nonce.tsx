import { setNonce } from "get-nonce";
import { createContext, useContext } from "react";

// The CSP nonce of the current server render; browsers hide nonces from the DOM, so it is '' after hydration.
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}

/**
 * In the browser: hands the page's nonce to the libraries that inject <style> elements (Radix's
 * scroll lock, through get-nonce), so the policy lets them in. The attribute reads as empty, the
 * property keeps the value.
 */
export function shareNonceWithStyleInjectors(): void {
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
  if (nonce) setNonce(nonce);
}
