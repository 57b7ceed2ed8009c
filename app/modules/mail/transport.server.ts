import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "~/config.server";
import type { MailMessage } from "./message";

/** Where the shop's e-mail goes: an SMTP server, or the local outbox when none is configured. */
export interface MailTransport {
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
}

/** The message as nodemailer takes it: a newsletter's unsubscribe address becomes the one-click headers. */
function nodemailerMessage(from: string, { listUnsubscribeUrl, ...message }: MailMessage) {
  return {
    from,
    ...message,
    ...(listUnsubscribeUrl
      ? {
          headers: {
            "List-Unsubscribe": `<${listUnsubscribeUrl}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
        }
      : {}),
  };
}

/**
 * The mail server could not be reached or would not take e-mail at all (refused, timed out, closed,
 * refused the shop's login, answered 421): no message is at fault, every one would fail the same.
 */
export class MailServerUnavailable extends Error {
  override name = "MailServerUnavailable";
}

// nodemailer's codes for a connection that failed before any message was looked at.
const serverFailureCodes = new Set(["ECONNECTION", "ESOCKET", "ETIMEDOUT", "EDNS", "ETLS", "EAUTH"]);

function isServerFailure(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return (typeof code === "string" && serverFailureCodes.has(code)) || responseCode === 421;
}

export function smtpTransport(url: string, from: string): MailTransport {
  // nodemailer waits up to two minutes for a connection: a server that does not answer would hold
  // the mail worker that long. (Settings in the URL's query still win.)
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
  return {
    kind: "smtp",
    async send(message) {
      try {
        await transporter.sendMail(nodemailerMessage(from, message));
      } catch (error) {
        if (!isServerFailure(error)) throw error;
        throw new MailServerUnavailable(error instanceof Error ? error.message : String(error), { cause: error });
      }
    },
  };
}

/** The sandbox: each message becomes an .eml file in `dir`, readable by any mail client. */
function outboxTransport(dir: string, from: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "outbox",
    async send(message) {
      const raw = (await composer.sendMail(nodemailerMessage(from, message))).message as Buffer;
      await fs.mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replaceAll(":", "-");
      await fs.writeFile(path.join(dir, `${stamp}-${randomUUID().slice(0, 8)}.eml`), raw);
    },
  };
}

/** SMTP when SMTP_URL is set, otherwise the sandbox outbox under DATA_DIR. */
export function mailTransportFor(config: Config): MailTransport {
  return config.smtpUrl
    ? smtpTransport(config.smtpUrl, config.mailFrom)
    : outboxTransport(path.join(config.dataDir, "outbox"), config.mailFrom);
}
