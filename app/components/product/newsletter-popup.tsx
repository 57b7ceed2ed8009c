import { NewsletterForm } from "~/components/layout/newsletter-form";
import { Dialog } from "~/components/ui/dialog";
import { FIRST_PURCHASE_DISCOUNT_PERCENT } from "~/modules/shop/constants";

/** The product page's newsletter invitation, with the shop's one sign-up form. */
export default function NewsletterPopup({ onClose }: { onClose: () => void }) {
  return (
    <Dialog
      eyebrow="Newsletter"
      title="Resta in contatto con noi"
      description={
        <>
          Nuove collezioni, consigli di stile e promozioni riservate. E ricorda: sul tuo primo acquisto hai il{" "}
          {FIRST_PURCHASE_DISCOUNT_PERCENT}% di sconto.
        </>
      }
      tone="ivory"
      onClose={onClose}
    >
      <div className="mt-6">
        <NewsletterForm variant="popup" />
      </div>
    </Dialog>
  );
}
