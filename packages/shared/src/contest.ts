import { addDays, formatIsoDay, isoDayInBerlin } from './format';
import { SERVER } from './messages';
import type { SiteSettings } from './schemas/settings';

type ContestSettings = Pick<SiteSettings, 'contest' | 'openingDate'>;

/**
 * The last day (in Kronach, 'YYYY-MM-DD') entries are taken: the closing date,
 * or the day before the shop's opening, whichever comes first (docs/product/contest.md: the contest
 * asks who will be there at the opening). Null while
 * neither date is set: then it runs until the admin switches it off.
 */
export function contestLastDay(settings: ContestSettings): string | null {
  const beforeOpening = settings.openingDate ? addDays(settings.openingDate, -1) : null;
  const closing = settings.contest.closingDate;
  if (closing && beforeOpening) return closing < beforeOpening ? closing : beforeOpening;
  return closing ?? beforeOpening;
}

/** True once the last day of the contest lies behind `today`. */
export function contestDeadlinePassed(
  settings: ContestSettings,
  today = isoDayInBerlin(),
): boolean {
  const lastDay = contestLastDay(settings);
  return lastDay !== null && today > lastDay;
}

/**
 * The contest takes entries while the admin's switch is on, up to and
 * including its last day (docs/decisions/0010). The server and the web app
 * both ask this, so the form, the banner and the API agree.
 */
export function contestOpen(settings: ContestSettings, today = isoDayInBerlin()): boolean {
  return settings.contest.active && !contestDeadlinePassed(settings, today);
}

/** Why no entry is taken: after the last day it names the day; otherwise the switch is off. */
export function contestClosedMessage(settings: ContestSettings, today = isoDayInBerlin()): string {
  const lastDay = contestLastDay(settings);
  return lastDay !== null && today > lastDay
    ? `Der Wettbewerb ist beendet. Teilnahmeschluss war der ${formatIsoDay(lastDay)}.`
    : SERVER.contestClosed;
}

/** The closing condition for the page and the confirmation mail. */
export function contestDeadlineText(settings: ContestSettings, today = isoDayInBerlin()): string {
  const lastDay = contestLastDay(settings);
  if (lastDay === null) return 'Teilnahmeschluss ist die Eröffnung des Ladens.';
  return `Teilnahmeschluss ${today > lastDay ? 'war' : 'ist'} der ${formatIsoDay(lastDay)}.`;
}
