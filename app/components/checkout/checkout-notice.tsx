import { CircleAlert, FlaskConical } from "lucide-react";
import type { ReactNode } from "react";

export function Notice({ tone, children }: { tone: "info" | "alert"; children: ReactNode }) {
  return (
    <div
      role={tone === "alert" ? "alert" : "status"}
      className={`mt-6 flex gap-3 rounded-md border p-4 text-sm ${tone === "alert" ? "border-sale/40 bg-sale/5 text-ink" : "border-sand bg-linen text-ink"}`}
    >
      {tone === "alert" ? (
        <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-sale" strokeWidth={1.5} />
      ) : (
        <FlaskConical aria-hidden className="mt-0.5 size-5 shrink-0 text-wine" strokeWidth={1.5} />
      )}
      <div className="space-y-1">{children}</div>
    </div>
  );
}

/** The lines that stopped the order, named one by one; nothing was charged. */
export function ChangedLines({ messages }: { messages: string[] }) {
  return (
    <Notice tone="alert">
      <p className="font-medium">Il tuo ordine non è stato inviato e non ti è stato addebitato nulla.</p>
      <ul className="list-disc space-y-1 pl-5">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </Notice>
  );
}
