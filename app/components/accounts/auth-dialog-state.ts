import { type MouseEvent, useSyncExternalStore } from "react";

export type AuthTab = "login" | "register";
type DialogState = { open: boolean; tab: AuthTab };

// The header icon and the mobile menu both open the one dialog, which the header hosts.
const closed: DialogState = { open: false, tab: "login" };
let state = closed;
const listeners = new Set<() => void>();

function publish(next: DialogState) {
  state = next;
  for (const listener of listeners) listener();
}

export function openAuthDialog(tab: AuthTab = "login") {
  publish({ open: true, tab });
}

export function closeAuthDialog() {
  publish(closed);
}

export function useAuthDialogState(): DialogState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => closed,
  );
}

/** A plain click opens the dialog; a click meant for a new tab still follows the link to /auth. */
export function opensDialog(event: MouseEvent): boolean {
  return !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0);
}
