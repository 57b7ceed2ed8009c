import { type ComponentProps, Suspense } from "react";
import { lazyRendered } from "~/components/lazy-rendered";

// The 107 provinces weigh ~1.4 KB: the checkout's and the profile's first download leave them out,
// the server renders the select in place and the browser fetches its code apart.
const LoadedProvinceSelect = lazyRendered(() => import("./province-select").then((module) => module.ProvinceSelect));

type Props = ComponentProps<typeof import("./province-select").ProvinceSelect>;

/** The province select (province-select.tsx), its code loaded apart from the page. */
export function ProvinceSelect(props: Props) {
  // Until its code arrives on a page the browser rendered, its room is kept: nothing below moves.
  return (
    <Suspense fallback={<div className={`${props.className ?? ""} min-h-[4.25rem]`} />}>
      <LoadedProvinceSelect {...props} />
    </Suspense>
  );
}
