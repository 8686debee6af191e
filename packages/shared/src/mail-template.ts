/**
 * Placeholders in the mail templates an admin edits (/admin/email-templates):
 * `{{name}}`, letters (umlauts too), digits and underscores, spaces inside the
 * braces allowed. Values are plain text; the HTML version escapes them.
 */
const PLACEHOLDER = /\{\{\s*([\p{L}_][\p{L}\p{N}_]*)\s*\}\}/gu;

export interface PlaceholderRules {
  /** The placeholders this template offers. */
  allowed: readonly string[];
  /** Placeholders that must appear (a link without which the mail is useless). */
  required?: readonly string[];
  /** Multi-line placeholders, allowed in the body only. */
  bodyOnly?: readonly string[];
}

const braces = (name: string) => `{{${name}}}`;

/** The names of the placeholders in a text, in order, each once. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
}

/**
 * What is wrong with a subject or body, as German messages for the admin
 * (empty when nothing is): a brace without its partner, an unknown
 * placeholder, a required one missing, a multi-line one in the subject.
 */
export function placeholderProblems(
  text: string,
  rules: PlaceholderRules,
  where: 'subject' | 'body',
): string[] {
  const problems: string[] = [];
  const rest = text.replace(PLACEHOLDER, '');
  if (rest.includes('{{') || rest.includes('}}')) {
    problems.push(
      'Eine geschweifte Klammer ist nicht geschlossen oder falsch gesetzt: Ein Platzhalter schreibt sich {{name}}.',
    );
  }
  const used = placeholdersIn(text);
  const unknown = used.filter((name) => !rules.allowed.includes(name));
  if (unknown.length > 0) {
    problems.push(
      `${unknown.length === 1 ? 'Unbekannter Platzhalter' : 'Unbekannte Platzhalter'}: ${unknown.map(braces).join(', ')}. Diese Vorlage kennt: ${rules.allowed.map(braces).join(', ')}.`,
    );
  }
  if (where === 'subject') {
    const multiLine = used.filter((name) => rules.bodyOnly?.includes(name));
    if (multiLine.length > 0) {
      problems.push(
        `${multiLine.map(braces).join(', ')} ${multiLine.length === 1 ? 'hat' : 'haben'} mehrere Zeilen und ${multiLine.length === 1 ? 'kann' : 'können'} nur im Text stehen.`,
      );
    }
  } else {
    const missing = (rules.required ?? []).filter((name) => !used.includes(name));
    if (missing.length > 0) {
      problems.push(
        `${missing.map(braces).join(', ')} muss im Text stehen, sonst fehlt der E-Mail ihr Link.`,
      );
    }
  }
  return problems;
}

/** Replaces every placeholder by its value (an unknown one by nothing). */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (_match, name: string) => values[name] ?? '');
}

/** Whether a paragraph of a template is exactly one placeholder, e.g. the button's link. */
export function solePlaceholder(paragraph: string): string | null {
  const match = /^\{\{\s*([\p{L}_][\p{L}\p{N}_]*)\s*\}\}$/u.exec(paragraph.trim());
  return match ? match[1]! : null;
}
