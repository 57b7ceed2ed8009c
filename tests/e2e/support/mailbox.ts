import { expect } from "@playwright/test";
import type { ReceivedEmail } from "../../support/smtp-sink";
import { sinkHttpUrl } from "./ports";

/** Every e-mail the app has sent during this run, oldest first. */
export async function allEmails(): Promise<ReceivedEmail[]> {
  const response = await fetch(`${sinkHttpUrl}/messages`);
  return (await response.json()) as ReceivedEmail[];
}

/** Waits for the newest e-mail to `to` (optionally with a subject containing `subject`) and returns it. */
export async function readEmail(to: string, subject?: string): Promise<ReceivedEmail> {
  let found: ReceivedEmail | undefined;
  await expect
    .poll(
      async () => {
        found = (await allEmails())
          .filter((email) => email.to.includes(to) && (!subject || email.subject.includes(subject)))
          .at(-1);
        return found !== undefined;
      },
      { timeout: 15_000, message: `an e-mail to ${to}` },
    )
    .toBe(true);
  return found as ReceivedEmail;
}

/** The first link in an e-mail's text that starts with `prefix` (e.g. the app's base URL). */
export function linkIn(email: ReceivedEmail, prefix: string): string {
  const link = email.text.match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix));
  if (!link) throw new Error(`No link starting with ${prefix} in "${email.subject}"`);
  return link;
}
