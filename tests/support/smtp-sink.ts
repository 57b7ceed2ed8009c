import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

export type ReceivedEmail = {
  from: string;
  to: string[];
  replyTo: string[];
  subject: string;
  text: string;
  html: string;
  /** Every header, by lower-case name. */
  headers: Record<string, string>;
  receivedAt: string;
};

/** A local SMTP server that keeps every message it receives, for tests that read the shop's e-mail. */
export async function startSmtpSink(port = 0): Promise<{
  port: number;
  messages: ReceivedEmail[];
  /** While true, the sink refuses every message with a temporary error, like a server in trouble. */
  setFailing: (failing: boolean) => void;
  close: () => Promise<void>;
}> {
  const messages: ReceivedEmail[] = [];
  let failing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        if (failing) return callback(Object.assign(new Error("Servizio non disponibile"), { responseCode: 451 }));
        const email = await PostalMime.parse(Buffer.concat(chunks));
        messages.push({
          from: email.from?.address ?? "",
          to: (email.to ?? []).map((address) => address.address ?? ""),
          replyTo: (email.replyTo ?? []).map((address) => address.address ?? ""),
          subject: email.subject ?? "",
          text: email.text ?? "",
          html: email.html ?? "",
          headers: Object.fromEntries(email.headers.map((header) => [header.key, header.value])),
          receivedAt: new Date().toISOString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address();
  return {
    port: typeof address === "object" && address ? address.port : port,
    messages,
    setFailing: (value) => {
      failing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
