import { Switch } from "radix-ui";
import { useState } from "react";
import { Dialog } from "~/components/ui/dialog";

type ConsentSettingsDialogProps = {
  analyticsInitially: boolean;
  onSave: (analytics: boolean) => void;
  onClose: () => void;
};

/** Cookie preferences: the necessary ones are always on, analytics is the visitor's choice. */
export default function ConsentSettingsDialog({ analyticsInitially, onSave, onClose }: ConsentSettingsDialogProps) {
  const [analytics, setAnalytics] = useState(analyticsInitially);

  return (
    <Dialog
      title="Preferenze cookie"
      description={
        <>
          Scegli quali cookie possiamo usare. Puoi cambiare idea in qualsiasi momento da «Preferenze cookie» in fondo
          alla pagina o dall'Informativa sulla Privacy.
        </>
      }
      width="lg"
      onClose={onClose}
    >
      <div className="mt-6 divide-y divide-sand border-y border-sand">
        <div className="flex items-start justify-between gap-4 py-4">
          <div>
            <p id="consent-necessary-label" className="font-medium text-ink">
              Cookie necessari
            </p>
            <p id="consent-necessary-description" className="mt-1 text-sm text-ink-soft">
              Servono al funzionamento del negozio: carrello, accesso all'account, sicurezza e memoria delle tue scelte,
              come questa. Sempre attivi.
            </p>
          </div>
          <Switch.Root
            checked
            disabled
            aria-labelledby="consent-necessary-label"
            aria-describedby="consent-necessary-description"
            className="relative mt-1 h-6 w-11 shrink-0 rounded-full bg-wine/60"
          >
            <Switch.Thumb className="block size-5 translate-x-[22px] rounded-full bg-white shadow" />
          </Switch.Root>
        </div>
        <div className="flex items-start justify-between gap-4 py-4">
          <div>
            <p id="consent-analytics-label" className="font-medium text-ink">
              Cookie analitici
            </p>
            <p id="consent-analytics-description" className="mt-1 text-sm text-ink-soft">
              Google Analytics (indirizzo IP anonimizzato, nessuna pubblicità personalizzata) e Microsoft Clarity
              (registrazione delle sessioni di navigazione) ci dicono come viene usato il sito, per migliorarlo.
            </p>
          </div>
          <Switch.Root
            checked={analytics}
            onCheckedChange={setAnalytics}
            aria-labelledby="consent-analytics-label"
            aria-describedby="consent-analytics-description"
            className="relative mt-1 h-6 w-11 shrink-0 cursor-pointer rounded-full bg-sand transition-colors data-[state=checked]:bg-wine"
          >
            <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
          </Switch.Root>
        </div>
      </div>

      <div className="mt-6 flex justify-end">
        <button
          type="button"
          onClick={() => onSave(analytics)}
          className="rounded-sm bg-ink px-5 py-2.5 text-sm font-medium text-ivory hover:bg-wine"
        >
          Salva preferenze
        </button>
      </div>
    </Dialog>
  );
}
