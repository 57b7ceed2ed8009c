import { CollectionPage, collectionMeta } from "~/components/shop/collection-page";
import { services } from "~/services.server";
import type { Route } from "./+types/children";
import { loadGenderPage } from "./collections.server";

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadGenderPage(services(context).db, "Bambini", request);

export const meta = ({ loaderData }: Route.MetaArgs) => collectionMeta(loaderData);

export default function ChildrenPage({ loaderData }: Route.ComponentProps) {
  return <CollectionPage {...loaderData} />;
}
