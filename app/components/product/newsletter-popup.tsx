import { NewsletterForm } from "~/components/layout/newsletter-form";
import { Dialog } from "~/components/ui/dialog";
import { useShopSettings } from "~/components/use-shop-settings";

/** The product page's newsletter invitation, with the shop's one sign-up form. */
export default function NewsletterPopup({ onClose }: { onClose: () => void }) {
  const { discounts } = useShopSettings();
  return (
    <Dialog
      eyebrow="Newsletter"
      title="Resta in contatto con noi"
      description={
        <>
          Nuove collezioni, consigli di stile e promozioni riservate.
          {discounts.firstOrderEnabled &&
            ` E ricorda: sul tuo primo acquisto hai il ${discounts.firstOrderPercent}% di sconto.`}
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
