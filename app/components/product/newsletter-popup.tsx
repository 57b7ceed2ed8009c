import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { NewsletterForm } from "~/components/layout/newsletter-form";
import { FIRST_PURCHASE_DISCOUNT_PERCENT } from "~/modules/shop/constants";

/** The product page's newsletter invitation, with the shop's one sign-up form. */
export default function NewsletterPopup({ onClose }: { onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-ink/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-[70] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-md bg-ivory p-6 shadow-2xl sm:p-8">
          <p className="text-xs font-semibold tracking-[0.25em] text-wine uppercase">Newsletter</p>
          <Dialog.Title className="mt-2 font-display text-2xl text-ink">Resta in contatto con noi</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm leading-relaxed text-ink-soft">
            Nuove collezioni, consigli di stile e promozioni riservate. E ricorda: sul tuo primo acquisto hai il{" "}
            {FIRST_PURCHASE_DISCOUNT_PERCENT}% di sconto.
          </Dialog.Description>
          <div className="mt-6">
            <NewsletterForm variant="popup" />
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
