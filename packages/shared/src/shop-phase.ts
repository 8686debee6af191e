/**
 * The shop's phase, from the `openingDate` setting (docs/product/brand-and-settings.md): every
 * page, FAQ answer and mail that mentions the opening
 * takes its words from here, so none names a season by hand and none says
 * "open" while another says "not yet".
 *
 * - soon: no opening date is set yet ("Die Eröffnung steht bald bevor")
 * - planned: the date lies ahead (that date)
 * - open: from the opening date on
 */
import { formatIsoDay, isoDayInBerlin } from './format';

export type ShopPhase =
  { phase: 'soon' } | { phase: 'planned'; date: string } | { phase: 'open'; date: string };

/** The phase on `today` (a day in Kronach, 'YYYY-MM-DD'). */
export function shopPhase(openingDate: string | null, today = isoDayInBerlin()): ShopPhase {
  if (!openingDate) return { phase: 'soon' };
  return openingDate <= today
    ? { phase: 'open', date: openingDate }
    : { phase: 'planned', date: openingDate };
}

/** Before the opening registrations are pre-registrations (docs/product/vendor-lifecycle.md). */
export function isOpen(phase: ShopPhase): boolean {
  return phase.phase === 'open';
}

/** The home page's badge: null once the shop is open. */
export function openingBadge(phase: ShopPhase): string | null {
  return phase.phase === 'open' ? null : openingLine(phase);
}

/** A line for the shop's story: soon, the date ahead, or the day it opened. */
export function openingLine(phase: ShopPhase): string {
  switch (phase.phase) {
    case 'soon':
      return 'Die Eröffnung steht bald bevor';
    case 'planned':
      return `Eröffnung am ${formatIsoDay(phase.date)}`;
    case 'open':
      return `Eröffnet am ${formatIsoDay(phase.date)}`;
  }
}

/** Beside the opening hours while the shop is not open yet; null once it is. */
export function notYetOpenText(phase: ShopPhase): string | null {
  switch (phase.phase) {
    case 'soon':
      return 'Noch geschlossen – die Eröffnung steht bald bevor.';
    case 'planned':
      return `Noch geschlossen – wir öffnen am ${formatIsoDay(phase.date)}.`;
    case 'open':
      return null;
  }
}

/** One sentence: whether and since when the shop is open (the FAQ "Wann hat der Laden geöffnet?"). */
export function openingStatusSentence(phase: ShopPhase): string {
  switch (phase.phase) {
    case 'soon':
      return 'Der Laden hat noch nicht geöffnet – die Eröffnung steht bald bevor. Den Termin geben wir hier bekannt, sobald er feststeht.';
    case 'planned':
      return `Der Laden hat noch nicht geöffnet – wir öffnen am ${formatIsoDay(phase.date)}.`;
    case 'open':
      return `Der Laden hat seit dem ${formatIsoDay(phase.date)} geöffnet.`;
  }
}

/** When a producer's free trial month begins, for dialogs, pages and mails. */
export function trialStartText(phase: ShopPhase, trialDays = 30): string {
  const trial = `Dein kostenloser Probemonat (${trialDays} Tage ohne Miete)`;
  switch (phase.phase) {
    case 'soon':
      return `${trial} beginnt mit der Eröffnung des Ladens, die bald bevorsteht.`;
    case 'planned':
      return `${trial} beginnt mit der Eröffnung des Ladens am ${formatIsoDay(phase.date)}.`;
    case 'open':
      return `${trial} beginnt mit dem Start deines Mietvertrags.`;
  }
}

/** 'Bald', 'Ab dem 01.07.2027' or 'Seit dem 01.07.2027', to start a sentence about the shop. */
export function openingFrom(phase: ShopPhase): string {
  switch (phase.phase) {
    case 'soon':
      return 'Bald';
    case 'planned':
      return `Ab dem ${formatIsoDay(phase.date)}`;
    case 'open':
      return `Seit dem ${formatIsoDay(phase.date)}`;
  }
}

/** The heading over the units a producer rents: present tense only once the shop is open. */
export function unitsHeading(phase: ShopPhase): string {
  return isOpen(phase) ? 'Im Laden zu finden' : 'Ab der Eröffnung im Laden zu finden';
}

/** The same, short, before a list of units on a directory card. */
export function unitsLabel(phase: ShopPhase): string {
  return isOpen(phase) ? 'Im Laden' : 'Ab der Eröffnung im Laden';
}

/**
 * Marks a listed producer that is not in the shop yet (docs/product/vendor-lifecycle.md): "Ab der
 * Eröffnung dabei" before the opening, "Ab dem … dabei"
 * when its contract starts on a later day; null once it is in the shop.
 * `startsOn`: the start of its first contract while that lies ahead.
 */
export function joinsText(phase: ShopPhase, startsOn: string | null | undefined): string | null {
  const later =
    startsOn && (phase.phase === 'open' || (phase.phase === 'planned' && startsOn > phase.date));
  if (later) return `Ab dem ${formatIsoDay(startsOn)} dabei`;
  return isOpen(phase) ? null : 'Ab der Eröffnung dabei';
}

/**
 * Placeholder in stored texts (FAQ answers) for `openingStatusSentence`,
 * replaced when the text is read, so a stored answer follows the setting.
 */
export const OPENING_PLACEHOLDER = '{{eroeffnung}}';

export function fillOpeningPlaceholder(text: string, phase: ShopPhase): string {
  if (!text.includes(OPENING_PLACEHOLDER)) return text;
  const sentence = openingStatusSentence(phase);
  return text.split(OPENING_PLACEHOLDER).join(sentence);
}
