import { useCallback, useSyncExternalStore } from "react";

// Writes in this tab do not fire `storage` (that event is for other tabs), so we announce them ourselves.
const LOCAL_WRITE_EVENT = "local-storage-write";

// localStorage can throw (blocked storage, full quota): values then live in memory until the page closes.
const memoryFallback = new Map<string, string>();

export function readLocalStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return memoryFallback.get(key) ?? null;
  }
}

export function writeLocalStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    memoryFallback.set(key, value);
  }
  window.dispatchEvent(new Event(LOCAL_WRITE_EVENT));
}

/**
 * The current value of a localStorage key, kept up to date. `undefined` until the page is hydrated,
 * because the server cannot know it. `changeEvent` is an extra window event that signals a change.
 */
export function useLocalStorageItem(key: string, changeEvent?: string): string | null | undefined {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const events = ["storage", LOCAL_WRITE_EVENT, ...(changeEvent ? [changeEvent] : [])];
      for (const event of events) window.addEventListener(event, onChange);
      return () => {
        for (const event of events) window.removeEventListener(event, onChange);
      };
    },
    [changeEvent],
  );
  return useSyncExternalStore(
    subscribe,
    () => readLocalStorage(key),
    () => undefined,
  );
}
