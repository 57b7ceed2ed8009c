import { useState } from "react";
import { Dialog } from "~/components/ui/dialog";
import type { AuthTab } from "./auth-dialog-state";
import { AuthPanel } from "./auth-panel";

/** The header's login and registration dialog; the same forms as the /auth page. */
export default function AuthDialog({ initialTab, onClose }: { initialTab: AuthTab; onClose: () => void }) {
  const [tab, setTab] = useState(initialTab);

  return (
    <Dialog
      title={tab === "login" ? "Accedi al tuo Account" : "Crea un Account"}
      description="Accedi con email e password, oppure crea un nuovo account."
      descriptionHidden
      onClose={onClose}
    >
      <div className="mt-4">
        <AuthPanel tab={tab} onTabChange={setTab} idPrefix="auth-dialog" onLoggedIn={onClose} />
      </div>
    </Dialog>
  );
}
