import type { MailTemplate } from './templates';

const byTitle = new Intl.Collator('de');

/**
 * The mail templates of all modules, for the admin's editor: each module adds
 * its own when it is registered (`app.mailTemplates.add(…)` in its index.ts).
 * One per app instance, filled the same way by every instance from the code.
 * Rendering does not need it: a draft carries its template.
 */
export class MailTemplateRegistry {
  private readonly byKey = new Map<string, MailTemplate>();

  /** Adds a module's templates; a key that is taken already stops the start. */
  add(templates: readonly MailTemplate[]): void {
    const keys = new Set<string>();
    for (const { key } of templates) {
      if (this.byKey.has(key) || keys.has(key)) {
        throw new Error(`The mail template '${key}' is registered twice`);
      }
      keys.add(key);
    }
    for (const template of templates) this.byKey.set(template.key, template);
  }

  find(key: string): MailTemplate | undefined {
    return this.byKey.get(key);
  }

  /** Every template, by title: the same order whichever module registers first. */
  list(): MailTemplate[] {
    return [...this.byKey.values()].sort(
      (a, b) => byTitle.compare(a.title, b.title) || (a.key < b.key ? -1 : 1),
    );
  }
}
