import { useState } from "react";
import { useFetcher } from "react-router";
import { useFetcherAnswer } from "~/components/forms/use-fetcher-answer";
import { showAnswerToast } from "~/components/toast";
import { formatDate } from "~/modules/format/dates";
import type { AdminOrderResult } from "~/modules/orders/admin-answer";
import { NOTE_MAX_LENGTH, type StaffNote } from "~/modules/orders/timeline";

/** Staff's private notes: the form to add one, then the notes, newest first. Customers never see them. */
export function OrderNotes({ orderId, notes }: { orderId: string; notes: StaffNote[] }) {
  const fetcher = useFetcher<AdminOrderResult>();
  const [sent, setSent] = useState(0);
  useFetcherAnswer(fetcher.data, (answered) => {
    if (answered.ok) setSent((count) => count + 1);
    else showAnswerToast(answered);
  });
  return (
    <div className="space-y-4">
      <fetcher.Form method="post" key={sent} className="space-y-2">
        <input type="hidden" name="intent" value="add-note" />
        <input type="hidden" name="orderId" value={orderId} />
        <label className="block text-ink">
          Nuova nota
          <textarea
            name="note"
            required
            maxLength={NOTE_MAX_LENGTH}
            rows={3}
            className="mt-1 w-full rounded-sm border border-sand bg-white px-3 py-2 text-ink"
          />
        </label>
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className="rounded-sm border border-ink px-4 py-2 text-sm text-ink hover:bg-ink hover:text-ivory disabled:opacity-60"
        >
          Aggiungi nota
        </button>
      </fetcher.Form>
      {notes.length === 0 ? (
        <p className="text-ink-soft">Nessuna nota.</p>
      ) : (
        <ul className="space-y-3">
          {notes.map((note) => (
            <li key={note.id} className="rounded-sm bg-linen p-3">
              <p className="text-xs text-ink-soft">
                {formatDate(note.at, "dateTime")} · {note.author}
              </p>
              <p className="mt-1 whitespace-pre-line text-ink">{note.body}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
