/** One e-mail as the shop sends it: always both a plain-text and an HTML part. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Newsletter e-mail: the one-click unsubscribe address, sent as the List-Unsubscribe header. */
  listUnsubscribeUrl?: string;
};
