import { setNonce } from "get-nonce";
import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import { type ReactNode, useState } from "react";

// Radix's scroll lock injects a <style> element when a dialog opens (through get-nonce): it gets the
// page's CSP nonce here, with the dialog's code, which every page loads on first use, rather than in
// the code every page runs. Browsers hide nonces from attributes; the property keeps the value.
if (typeof document !== "undefined") {
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
  if (nonce) setNonce(nonce);
}

type DialogProps = {
  title: ReactNode;
  description: ReactNode;
  /** For screen readers only, when the title says enough on screen. */
  descriptionHidden?: boolean;
  /** A small line above the title. */
  eyebrow?: string;
  width?: "md" | "lg";
  tone?: "white" | "ivory";
  /** Escape, a click outside and the close button all end here: the caller unmounts the dialog. */
  onClose: () => void;
  children: ReactNode;
};

const widthClass = { md: "max-w-md", lg: "max-w-lg" };
const toneClass = { white: "bg-white", ivory: "bg-ivory" };

/** The shop's modal dialog: centred card over a dimmed page, title, description and a close button. */
export function Dialog({
  title,
  description,
  descriptionHidden = false,
  eyebrow,
  width = "md",
  tone = "white",
  onClose,
  children,
}: DialogProps) {
  // Our dialogs are opened by state, not by a Radix trigger, so Radix has no opener to give the focus
  // back to on close: we keep the element that had it when the dialog appeared.
  const [opener] = useState(() => (typeof document === "undefined" ? null : document.activeElement));
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[60] bg-ink/40" />
        <RadixDialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
          }}
          className={`fixed top-1/2 left-1/2 z-[70] max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-md p-6 shadow-2xl sm:p-8 ${widthClass[width]} ${toneClass[tone]}`}
        >
          {/* First in the focus order: Radix wraps Shift+Tab only from the first stop, and a first stop
              that is a roving group (the login dialog's tabs) gives it up to the group and never wraps. */}
          <RadixDialog.Close
            aria-label="Chiudi"
            className="absolute top-3 right-3 flex size-9 items-center justify-center rounded-full text-ink-soft hover:bg-linen hover:text-ink"
          >
            <X aria-hidden className="size-5" />
          </RadixDialog.Close>
          {eyebrow && <p className="text-xs font-semibold tracking-[0.25em] text-wine uppercase">{eyebrow}</p>}
          <RadixDialog.Title className={`pr-8 font-display text-2xl text-ink ${eyebrow ? "mt-2" : ""}`}>
            {title}
          </RadixDialog.Title>
          <RadixDialog.Description
            className={descriptionHidden ? "sr-only" : "mt-2 text-sm leading-relaxed text-ink-soft"}
          >
            {description}
          </RadixDialog.Description>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
