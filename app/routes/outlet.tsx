import { CollectionPage, collectionMeta } from "~/components/shop/collection-page";
import type { Route } from "./+types/outlet";
import { loadSectionPage } from "./collections.server";

export const loader = ({ request }: Route.LoaderArgs) => loadSectionPage("outlet", request);

export const meta = ({ loaderData }: Route.MetaArgs) => collectionMeta(loaderData);

export default function OutletPage({ loaderData }: Route.ComponentProps) {
  return <CollectionPage {...loaderData} />;
}
