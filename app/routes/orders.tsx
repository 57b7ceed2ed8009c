import { CustomerOrderList } from "~/components/orders/customer-order-list";
import { requireUser } from "~/modules/accounts/session.server";
import { listCustomerOrders } from "~/modules/orders/customer-orders.server";
import { pageMeta } from "~/modules/seo/meta";
import { readSettings } from "~/modules/settings/settings.server";
import { trackingLink } from "~/modules/settings/shop-settings";
import { services } from "~/services.server";
import type { Route } from "./+types/orders";

export function meta() {
  return [
    ...pageMeta("I miei ordini", "Lo stato dei tuoi ordini e delle spedizioni."),
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const { db, clock } = services(context);
  const { tracking } = await readSettings(db);
  const trackingUrl = (code: string) => trackingLink(tracking, code);
  return { orders: await listCustomerOrders(db, user.id, { now: clock.now(), trackingUrl }) };
}

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl text-ink sm:text-4xl">I miei ordini</h1>
      <div className="mt-8">
        <CustomerOrderList orders={loaderData.orders} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl text-ink">Errore Caricamento Ordini</h1>
      <p className="mt-3 text-ink-soft">Impossibile caricare gli ordini.</p>
    </div>
  );
}
