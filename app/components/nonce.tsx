import { createContext, useContext } from "react";

// The CSP nonce of the current server render; browsers hide nonces from the DOM, so it is '' after hydration.
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
