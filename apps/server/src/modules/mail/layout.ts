/** The frame of every mail: plain text and a simple, accessible HTML version. */

/** A paragraph of plain text (line breaks kept), or the mail's button. */
export type MailBlock = string | { button: { label: string; url: string } };

export interface MailContent {
  subject: string;
  /** The salutation, the paragraphs and the button, in order. */
  blocks: readonly MailBlock[];
  /** Shop name and contact data for the signature. */
  signature: { shopName: string; address: string; email: string; phone: string };
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function renderMail(content: MailContent): RenderedMail {
  const { signature } = content;
  const signatureLines = [
    `Viele Grüße`,
    `dein Team von ${signature.shopName}`,
    '',
    `${signature.shopName} · ${signature.address}`,
    `${signature.email} · ${signature.phone}`,
  ];
  const text = [
    ...content.blocks.flatMap((block) =>
      typeof block === 'string' ? [block, ''] : [`${block.button.label}:`, block.button.url, ''],
    ),
    ...signatureLines,
  ].join('\n');

  const paragraph = (p: string) =>
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`;
  const button = ({ label, url }: { label: string; url: string }) =>
    `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#09122c;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block;font-weight:bold">${escapeHtml(label)}</a></p>
<p style="margin:0 0 16px;line-height:1.5;font-size:13px;color:#444">Falls der Knopf nicht funktioniert, kopiere diese Adresse in deinen Browser:<br><span style="word-break:break-all">${escapeHtml(url)}</span></p>`;
  const html = `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f4f0;font-family:Arial,Helvetica,sans-serif;color:#09122c">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-size:20px;font-weight:bold">${escapeHtml(signature.shopName)}</p>
${content.blocks.map((block) => (typeof block === 'string' ? paragraph(block) : button(block.button))).join('\n')}
${paragraph(signatureLines.slice(0, 2).join('\n'))}
<p style="margin:24px 0 0;font-size:12px;color:#555;line-height:1.5">${escapeHtml(signatureLines[3]!)}<br>${escapeHtml(signatureLines[4]!)}</p>
</div>
</body>
</html>`;
  return { subject: content.subject, text, html };
}
