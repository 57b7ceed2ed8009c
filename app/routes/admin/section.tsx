import { currentAdmin } from "~/modules/accounts/admin-guard.server";
import type { Route } from "./+types/section";

// The admin sections still to come, each with its title (spec §2); the route id names the section.
const titles: Record<string, string> = {
  "admin-products": "Gestione Prodotti",
};

export function loader({ context }: Route.LoaderArgs) {
  currentAdmin(context);
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  const title = titles[matches.at(-1)?.id ?? ""] ?? "Amministrazione";
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminSection({ matches }: Route.ComponentProps) {
  const title = titles[matches.at(-1)?.id ?? ""] ?? "Amministrazione";
  return (
    <>
      <h1 className="text-3xl text-ink">{title}</h1>
      <p className="mt-4 text-ink-soft">Sezione in costruzione.</p>
    </>
  );
}
