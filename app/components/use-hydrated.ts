import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/** False during the server render and hydration, true once React runs the page in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
