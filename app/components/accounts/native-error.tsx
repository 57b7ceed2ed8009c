import type { ToastText } from "~/modules/forms/action-result";

/** A whole-form failure answered to a form posted before hydration, shown in the page (toasts need JavaScript). */
export function NativeError({ error }: { error?: ToastText }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-sm border border-sale/30 bg-blush px-3 py-2 text-sm text-sale">
      <strong>{error.title}:</strong> {error.description}
    </p>
  );
}
