import { CollectionPage, collectionMeta } from "~/components/shop/collection-page";
import type { Route } from "./+types/bambini";
import { loadGenderPage } from "./collections.server";

export const loader = ({ request }: Route.LoaderArgs) => loadGenderPage("Bambini", request);

export const meta = ({ loaderData }: Route.MetaArgs) => collectionMeta(loaderData);

export default function BambiniPage({ loaderData }: Route.ComponentProps) {
  return <CollectionPage {...loaderData} />;
}
