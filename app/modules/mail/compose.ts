import { formatAddress, shop } from "~/modules/shop/identity";
import type { MailMessage } from "./message";

/** A titled part of an e-mail: label–value rows (a table in HTML), paragraphs, a link. All plain text. */
export type EmailSection = {
  title: string;
  rows?: (readonly [string, string])[];
  paragraphs?: string[];
  link?: { label: string; url: string };
};

export type EmailContent = {
  to: string;
  subject: string;
  /** Plain sentences; each becomes a paragraph. Never HTML: it is escaped. */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** After the paragraphs and the action, e.g. an order's lines and the terms that come with it. */
  sections?: EmailSection[];
  replyTo?: string;
  /** Newsletter e-mail: a link to unsubscribe at the bottom, and the List-Unsubscribe header. */
  unsubscribeUrl?: string;
};

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** Builds the shop's e-mail: the same words as plain text and as simple HTML, signed with the shop's identity. */
function sectionText({ title, rows = [], paragraphs = [], link }: EmailSection): string {
  return [
    title.toUpperCase(),
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...paragraphs,
    ...(link ? [`${link.label}: ${link.url}`] : []),
  ].join("\n");
}

function sectionHtml({ title, rows = [], paragraphs = [], link }: EmailSection): string {
  const cell = "padding:6px 0;border-bottom:1px solid #eee4dc;vertical-align:top";
  return `<tr><td style="padding:8px 32px 16px;font-size:15px;line-height:1.6">
<h2 style="margin:8px 0 12px;font-family:Georgia,serif;font-size:19px;font-weight:normal;color:#6b2f3a">${escapeHtml(title)}</h2>
${
  rows.length > 0
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${rows
        .map(
          ([label, value]) =>
            `<tr><td style="${cell}">${escapeHtml(label)}</td><td align="right" style="${cell};padding-left:16px;white-space:nowrap">${escapeHtml(value)}</td></tr>`,
        )
        .join("")}</table>`
    : ""
}
${paragraphs.map((paragraph) => `<p style="margin:0 0 12px">${escapeHtml(paragraph)}</p>`).join("\n")}
${link ? `<p style="margin:0 0 12px"><a href="${escapeHtml(link.url)}" style="color:#6b2f3a">${escapeHtml(link.label)}</a></p>` : ""}
</td></tr>`;
}

export function composeEmail({
  to,
  subject,
  paragraphs,
  action,
  sections = [],
  replyTo,
  unsubscribeUrl,
}: EmailContent): MailMessage {
  const signature = [shop.name, formatAddress(), `Tel. ${shop.phone.display} · ${shop.email}`];
  const unsubscribeNote = "Non vuoi più ricevere la nostra newsletter? Annulla l'iscrizione";

  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...sections.map(sectionText),
    "",
    "--",
    ...signature,
    `${shop.seller.legalName} · P.IVA ${shop.seller.vatNumber}`,
    ...(unsubscribeUrl ? [`${unsubscribeNote}: ${unsubscribeUrl}`] : []),
  ].join("\n\n");

  const html = `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f7f3ef;font-family:Helvetica,Arial,sans-serif;color:#2b2522">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:28px 32px 8px;font-family:Georgia,serif;font-size:26px;color:#6b2f3a">${escapeHtml(shop.name)}</td></tr>
<tr><td style="padding:8px 32px 24px;font-size:16px;line-height:1.6">
${paragraphs.map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`).join("\n")}
${
  action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#6b2f3a;color:#ffffff;padding:12px 22px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0;font-size:13px;color:#6f6560">Se il pulsante non funziona, copia questo indirizzo nel browser:<br><a href="${escapeHtml(action.url)}" style="color:#6b2f3a;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : ""
}
</td></tr>
${sections.map(sectionHtml).join("\n")}
<tr><td style="padding:16px 32px 28px;border-top:1px solid #eee4dc;font-size:12px;line-height:1.6;color:#6f6560">
${signature.map(escapeHtml).join("<br>")}<br>${escapeHtml(shop.seller.legalName)} · P.IVA ${escapeHtml(shop.seller.vatNumber)}${
    unsubscribeUrl
      ? `<br><br>${escapeHtml(unsubscribeNote)}: <a href="${escapeHtml(unsubscribeUrl)}" style="color:#6b2f3a">clicca qui</a>.`
      : ""
  }
</td></tr></table></td></tr></table></body></html>`;

  return {
    to,
    subject,
    text,
    html,
    ...(replyTo ? { replyTo } : {}),
    ...(unsubscribeUrl ? { listUnsubscribeUrl: unsubscribeUrl } : {}),
  };
}
