import { appSecret } from "~/app-secret.server";
import { answerSignedFileLink } from "~/modules/files/signed-file-links.server";
import { services } from "~/services.server";
import type { Route } from "./+types/signed-file";
import { methodNotAllowed } from "./method-not-allowed.server";

/** GET /scarica/{key}?scade=…&nome=…&firma=…: a private file of the local store, for whoever holds a valid signed link. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { files, clock } = services(context);
  return answerSignedFileLink(files, new URL(request.url), appSecret(), clock.now());
}

export const action = () => methodNotAllowed("GET");
