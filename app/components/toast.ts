// Toasts with a title and a description. sonner is loaded on first use (root.tsx
// mounts its Toaster after hydration), so pages do not carry it in their first download.

import type { ActionResult, ToastText } from "~/modules/forms/action-result";

type ToastKind = "success" | "error" | "info";

// A toast published before the Toaster has mounted would be lost, so the first one waits for it briefly.
async function toasterMounted(): Promise<void> {
  for (let attempt = 0; attempt < 40; attempt++) {
    if (document.querySelector('section[aria-label^="Notifications"]')) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function showToast(message: ToastText, kind: ToastKind = "info"): Promise<void> {
  const [{ toast }] = await Promise.all([import("sonner"), toasterMounted()]);
  // The same message again replaces the one shown instead of piling up a copy.
  toast[kind](message.title, {
    description: message.description,
    id: `${message.title}\n${message.description ?? ""}`,
  });
}

/** An action's answer as its toast, when it has something to say as a whole: green when it went well. */
export function showAnswerToast(answer: Pick<ActionResult, "ok" | "notice">): void {
  if (answer.notice) void showToast(answer.notice, answer.ok ? "success" : "error");
}
