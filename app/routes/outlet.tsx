import { CollectionPage, collectionMeta } from "~/components/shop/collection-page";
import { services } from "~/services.server";
import type { Route } from "./+types/outlet";
import { loadSectionPage } from "./collections.server";

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadSectionPage(services(context).db, "outlet", request);

export const meta = ({ loaderData }: Route.MetaArgs) => collectionMeta(loaderData);

export default function OutletPage({ loaderData }: Route.ComponentProps) {
  return <CollectionPage {...loaderData} />;
}
