import {
  fillPlaceholders,
  placeholderProblems,
  solePlaceholder,
} from '@housnkuh/shared/mail-template';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emailTemplates } from './schema';
import { renderMail, type MailBlock, type RenderedMail } from './layout';
import { placeholdersOf, type MailDraft, type MailTemplate } from './templates';

export interface TemplateTexts {
  subject: string;
  body: string;
}

/** What is wrong with an admin's version of a template, by field (empty when nothing is). */
export function templateProblems(template: MailTemplate, texts: TemplateTexts) {
  const rules = {
    allowed: placeholdersOf(template),
    required: template.required ?? [],
    bodyOnly: template.placeholders.filter((p) => 'bodyOnly' in p && p.bodyOnly).map((p) => p.name),
  };
  return {
    subject: placeholderProblems(texts.subject, rules, 'subject'),
    body: placeholderProblems(texts.body, rules, 'body'),
  };
}

/**
 * The mail from a template's texts and its values: paragraphs are separated by
 * a blank line; a paragraph that is only the button's placeholder becomes the
 * button, one that is empty once filled (an optional part) is left out.
 */
export function renderTemplate(
  template: MailTemplate,
  texts: TemplateTexts,
  settings: SiteSettings,
  values: Readonly<Record<string, string>>,
): RenderedMail {
  const blocks: MailBlock[] = [];
  for (const paragraph of texts.body.split(/\n[ \t]*\n/)) {
    const sole = solePlaceholder(paragraph);
    if (template.button && sole === template.button.placeholder) {
      blocks.push({ button: { label: template.button.label, url: values[sole] ?? '' } });
      continue;
    }
    const filled = fillPlaceholders(paragraph.trim(), values).trim();
    if (filled) blocks.push(filled);
  }
  const a = settings.address;
  return renderMail({
    // one line, whatever a value holds
    subject: fillPlaceholders(texts.subject, values).replace(/\s+/g, ' ').trim(),
    blocks,
    signature: {
      shopName: settings.shopName,
      address: `${a.strasse} ${a.hausnummer}, ${a.plz} ${a.ort}`,
      email: settings.email,
      phone: settings.phone,
    },
  });
}

/** The stored version of a template, if an admin saved one. */
export async function storedTemplate(db: Executor, key: string) {
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.key, key));
  return row ?? null;
}

/**
 * Renders a mail with the admin's version of its template, or the code's
 * default when there is none (or the stored one no longer fits the template,
 * e.g. after a placeholder was renamed in an update).
 */
export async function renderDraft(db: Executor, draft: MailDraft): Promise<RenderedMail> {
  const { template } = draft;
  const stored = await storedTemplate(db, template.key);
  const usable =
    stored &&
    Object.values(templateProblems(template, stored)).every((problems) => problems.length === 0);
  return renderTemplate(template, usable ? stored : template, draft.settings, draft.values);
}
