import { data } from "react-router";
import { DemoDataPage } from "~/components/admin/demo-data/demo-data-page";
import { currentAdmin } from "~/modules/accounts/admin-guard.server";
import { demoRowCounts, removeDemoData } from "~/modules/demo-data/demo-data.server";
import { type DemoRemoval, demoRemovalConfirmation } from "~/modules/demo-data/values";
import { failed, handleIntent, succeeded } from "~/modules/forms/action-result";
import { readForm } from "~/modules/forms/read-form.server";
import { services } from "~/services.server";
import type { Route } from "./+types/demo-data";

export function meta() {
  return [{ title: "Dati dimostrativi" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  currentAdmin(context);
  return { counts: await demoRowCounts(services(context).db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  currentAdmin(context);
  const form = await readForm(request);
  return handleIntent(form, {
    "remove-demo": async (intent) => {
      const typed = form.get("confirmation");
      if (typeof typed !== "string" || typed.trim().toUpperCase() !== demoRemovalConfirmation) {
        const message = `Per confermare scrivi ${demoRemovalConfirmation}.`;
        return data(
          failed<"remove-demo", DemoRemoval>({
            intent,
            fieldErrors: { confirmation: message },
            values: { confirmation: String(typed ?? "") },
          }),
          {
            status: 422,
          },
        );
      }
      const { db, files } = services(context);
      return data(succeeded({ intent, data: await removeDemoData(db, files) }));
    },
  });
}

export default function AdminDemoData({ loaderData, actionData }: Route.ComponentProps) {
  return <DemoDataPage counts={loaderData.counts} answer={actionData} />;
}
