import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import type { AuthTab } from "./auth-dialog-state";
import { AuthPanel } from "./auth-panel";

/** The header's login and registration dialog; the same forms as the /auth page. */
export default function AuthDialog({ initialTab, onClose }: { initialTab: AuthTab; onClose: () => void }) {
  const [tab, setTab] = useState(initialTab);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-ink/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-[70] max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-md bg-white p-6 shadow-2xl sm:p-8">
          <Dialog.Title className="pr-8 font-display text-2xl text-ink">
            {tab === "login" ? "Accedi al tuo Account" : "Crea un Account"}
          </Dialog.Title>
          <Dialog.Description className="sr-only">
            Accedi con email e password, oppure crea un nuovo account.
          </Dialog.Description>
          <div className="mt-4">
            <AuthPanel tab={tab} onTabChange={setTab} idPrefix="auth-dialog" onLoggedIn={onClose} />
          </div>
          <Dialog.Close
            aria-label="Chiudi"
            className="absolute top-3 right-3 flex size-9 items-center justify-center rounded-full text-ink-soft hover:bg-linen hover:text-ink"
          >
            <X aria-hidden className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
