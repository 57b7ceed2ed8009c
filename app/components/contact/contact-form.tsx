import { type FormEvent, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useEarlySubmit } from "~/components/forms/use-early-submit";
import { useFetcherAnswer } from "~/components/forms/use-fetcher-answer";
import { showToast } from "~/components/toast";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { HoneypotField } from "~/components/ui/honeypot-field";
import { CONTACT_LIMITS, contactFormMessages } from "~/modules/contact/contact";
import type { ActionResult } from "~/modules/forms/action-result";

const fields = [
  { name: "name", label: "Nome", autoComplete: "name", type: "text" },
  { name: "email", label: "Email", autoComplete: "email", type: "email" },
  { name: "subject", label: "Oggetto", autoComplete: "off", type: "text" },
] as const;

/** Write to the shop. The message is kept and e-mailed to the shop, who can answer by replying. */
export function ContactForm({ result, subject = "" }: { result?: ActionResult; subject?: string }) {
  const fetcher = useFetcher<ActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const early = useEarlySubmit();
  const [missing, setMissing] = useState(false);
  const answer = fetcher.data ?? result;
  const sending = fetcher.state !== "idle";

  useFetcherAnswer(fetcher.data, (answered) => {
    if (answered.ok) {
      form.current?.reset();
      showToast({ title: contactFormMessages.sent }, "success");
    } else if (answered.notice) {
      showToast(answered.notice, "error");
    }
  });

  function checkRequired(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const empty = ["name", "email", "subject", "message"].some((name) => String(data.get(name) ?? "").trim() === "");
    setMissing(empty);
    if (empty) {
      event.preventDefault();
      showToast({ title: "Errore", description: contactFormMessages.required }, "error");
    }
  }

  const message = missing
    ? contactFormMessages.required
    : answer && !answer.ok
      ? (answer.notice?.description ?? contactFormMessages.failed)
      : answer && !sending
        ? contactFormMessages.sent
        : "";

  return (
    <fetcher.Form
      {...early}
      ref={(element) => {
        form.current = element;
        early.ref(element);
      }}
      method="post"
      action="/contact"
      noValidate
      onSubmit={checkRequired}
      aria-labelledby="contact-form-title"
      className="space-y-4"
    >
      <h2 id="contact-form-title" className="text-2xl text-ink">
        Scrivici un messaggio
      </h2>
      <HoneypotField idPrefix="contact" />
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((field) => (
          <Field
            key={field.name}
            id={`contact-${field.name}`}
            className={field.name === "subject" ? "sm:col-span-2" : undefined}
            maxLength={CONTACT_LIMITS[field.name]}
            required
            defaultValue={field.name === "subject" ? subject : undefined}
            {...field}
          />
        ))}
      </div>
      <Field
        id="contact-message"
        name="message"
        label="Messaggio"
        rows={6}
        maxLength={CONTACT_LIMITS.message}
        required
      />
      <p aria-live="polite" className="min-h-6 text-sm text-wine">
        {message}
      </p>
      <button
        type="submit"
        disabled={sending}
        className={`${buttonClass.primary} disabled:cursor-wait disabled:opacity-60`}
      >
        {sending ? "Invio in corso…" : "Invia messaggio"}
      </button>
    </fetcher.Form>
  );
}
