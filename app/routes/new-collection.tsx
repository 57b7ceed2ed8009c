import { CollectionPage, collectionMeta } from "~/components/shop/collection-page";
import { services } from "~/services.server";
import type { Route } from "./+types/new-collection";
import { loadSectionPage } from "./collections.server";

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadSectionPage(services(context).db, "newCollection", request);

export const meta = ({ loaderData }: Route.MetaArgs) => collectionMeta(loaderData);

export default function NewCollectionPage({ loaderData }: Route.ComponentProps) {
  return <CollectionPage {...loaderData} />;
}
