import { exportPersonalData } from "~/modules/accounts/personal-data.server";
import { requireUser } from "~/modules/accounts/session.server";
import { services } from "~/services.server";
import type { Route } from "./+types/profile-data";

// GET /profile/dati.json: everything the shop holds about the signed-in customer, as a download.
// Only ever the session's own account: the URL names no one.
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const { db, clock } = services(context);
  const personalData = await exportPersonalData(db, user.id, clock.now());
  if (!personalData) throw new Response("Account non trovato.", { status: 404 });
  const day = personalData.exportedAt.slice(0, 10);
  return new Response(JSON.stringify(personalData, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="vetrina-i-miei-dati-${day}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
