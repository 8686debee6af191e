import { clock } from '@housnkuh/shared/clock';
import {
  EMAIL_TEMPLATE_MESSAGES,
  type EmailTemplate,
} from '@housnkuh/shared/schemas/admin-email-templates';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { emailTemplates } from './schema';
import { transaction } from '../../db/transaction';
import { InvalidError, NotFoundError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { enqueueMail } from './outbox';
import { renderTemplate, storedTemplate, templateProblems, type TemplateTexts } from './render';
import type { MailTemplateRegistry } from './template-registry';
import { sampleValues, SHOP_PLACEHOLDERS, shopValues, type MailTemplate } from './templates';

type StoredRow = typeof emailTemplates.$inferSelect;

function templateOf(templates: MailTemplateRegistry, key: string): MailTemplate {
  const template = templates.find(key);
  if (!template) throw new NotFoundError(EMAIL_TEMPLATE_MESSAGES.notFound);
  return template;
}

function answer(
  template: MailTemplate,
  stored: StoredRow | null,
  settings: SiteSettings,
): EmailTemplate {
  const shop = shopValues(settings);
  return {
    key: template.key,
    title: template.title,
    recipient: template.recipient,
    occasion: template.occasion,
    subject: stored?.subject ?? template.subject,
    body: stored?.body ?? template.body,
    defaultSubject: template.subject,
    defaultBody: template.body,
    placeholders: [
      ...template.placeholders.map((p) => ({
        name: p.name,
        description: p.description,
        sample: p.sample,
        bodyOnly: p.bodyOnly ?? false,
      })),
      ...SHOP_PLACEHOLDERS.map((p) => ({ ...p, sample: shop[p.name] ?? '', bodyOnly: false })),
    ],
    button: template.button ?? null,
    required: [...(template.required ?? [])],
    isCustom: stored !== null,
    updatedBy: stored?.updatedBy ?? null,
    updatedAt: stored?.updatedAt.toISOString() ?? null,
  };
}

/** Every mail the product sends (the templates all modules registered), with the text in use. */
export async function listTemplates(
  db: Database,
  templates: MailTemplateRegistry,
  settings: SiteSettings,
) {
  const rows = await db.select().from(emailTemplates);
  const stored = new Map(rows.map((row) => [row.key, row]));
  return templates
    .list()
    .map((template) => answer(template, stored.get(template.key) ?? null, settings));
}

export async function getTemplate(
  db: Database,
  templates: MailTemplateRegistry,
  settings: SiteSettings,
  key: string,
) {
  const template = templateOf(templates, key);
  return answer(template, await storedTemplate(db, template.key), settings);
}

/** Refuses texts with an unknown placeholder, a broken brace or a missing link (400, by field). */
function checked(template: MailTemplate, texts: TemplateTexts): TemplateTexts {
  const problems = templateProblems(template, texts);
  const errors = [
    ...problems.subject.map((message) => ({ field: 'subject', message })),
    ...problems.body.map((message) => ({ field: 'body', message })),
  ];
  if (errors.length > 0) throw new InvalidError(errors[0]!.message, errors);
  return texts;
}

/** Stores the admin's version; the default text again counts as a reset. */
export async function saveTemplate(
  db: Database,
  templates: MailTemplateRegistry,
  settings: SiteSettings,
  actor: Actor,
  key: string,
  input: TemplateTexts,
) {
  const template = templateOf(templates, key);
  const texts = checked(template, input);
  return transaction(db, async (tx) => {
    const before = await storedTemplate(tx, template.key);
    if (texts.subject === template.subject && texts.body === template.body) {
      return remove(tx, settings, actor, template, before);
    }
    const [row] = await tx
      .insert(emailTemplates)
      .values({ key: template.key, ...texts, updatedBy: actor.name, updatedAt: clock.now() })
      .onConflictDoUpdate({
        target: emailTemplates.key,
        set: { ...texts, updatedBy: actor.name, updatedAt: clock.now() },
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'email-template.save',
      entity: 'email-template',
      entityId: template.key,
      summary: `E-Mail-Vorlage „${template.title}“ geändert`,
      before: before
        ? { subject: before.subject, body: before.body }
        : { subject: template.subject, body: template.body, standard: true },
      after: texts,
    });
    return answer(template, row!, settings);
  });
}

async function remove(
  tx: Executor,
  settings: SiteSettings,
  actor: Actor,
  template: MailTemplate,
  before: StoredRow | null,
) {
  if (before) {
    await tx.delete(emailTemplates).where(eq(emailTemplates.key, template.key));
    await recordAudit(tx, actor, {
      action: 'email-template.reset',
      entity: 'email-template',
      entityId: template.key,
      summary: `E-Mail-Vorlage „${template.title}“ auf den Standard zurückgesetzt`,
      before: { subject: before.subject, body: before.body },
      after: { subject: template.subject, body: template.body, standard: true },
    });
  }
  return answer(template, null, settings);
}

/** Back to the code's default: the stored version is deleted. */
export async function resetTemplate(
  db: Database,
  templates: MailTemplateRegistry,
  settings: SiteSettings,
  actor: Actor,
  key: string,
) {
  const template = templateOf(templates, key);
  return transaction(db, async (tx) =>
    remove(tx, settings, actor, template, await storedTemplate(tx, template.key)),
  );
}

/** The mail as it would look with these texts, filled with sample data and the shop's own. */
export function previewTemplate(
  templates: MailTemplateRegistry,
  settings: SiteSettings,
  key: string,
  input: TemplateTexts,
) {
  const template = templateOf(templates, key);
  return renderTemplate(
    template,
    checked(template, input),
    settings,
    sampleValues(template, settings),
  );
}

/** The preview as a real mail to the admin, through the outbox. */
export async function sendTestTemplate(
  db: Database,
  templates: MailTemplateRegistry,
  settings: SiteSettings,
  key: string,
  input: TemplateTexts & { email: string },
) {
  const mail = previewTemplate(templates, settings, key, input);
  await transaction(db, async (tx) => {
    await enqueueMail(tx, {
      to: input.email,
      kind: 'template-test',
      subject: `[Test] ${mail.subject}`,
      text: mail.text,
      html: mail.html,
    });
  });
}
