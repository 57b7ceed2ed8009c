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

export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: "smtp",
    async send(message) {
      await transporter.sendMail(nodemailerMessage(from, message));
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
