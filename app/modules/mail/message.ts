/** One e-mail as the shop sends it: always both a plain-text and an HTML part. */
export type MailMessage = {
  /** The Message-ID header, `<…@…>`: the outbox fixes it when queueing, so a copy sent again is recognised. */
  messageId?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Newsletter e-mail: the one-click unsubscribe address, sent as the List-Unsubscribe header. */
  listUnsubscribeUrl?: string;
};
