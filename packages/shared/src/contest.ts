import { formatIsoDay, isoDayInBerlin } from './format';
import { SERVER } from './messages';
import type { SiteSettings } from './schemas/settings';

type ContestSettings = Pick<SiteSettings, 'contest'>;

/** True once the closing date (a day in Kronach, 'YYYY-MM-DD') lies behind `today`. */
export function contestDeadlinePassed(
  settings: ContestSettings,
  today = isoDayInBerlin(),
): boolean {
  return today > settings.contest.closingDate;
}

/**
 * The contest takes entries while the admin's switch is on and today (in
 * Kronach) is on or before the closing date (docs/decisions/0010). The server
 * and the web app both ask this, so the form, the banner and the API agree.
 */
export function contestOpen(settings: ContestSettings, today = isoDayInBerlin()): boolean {
  return settings.contest.active && !contestDeadlinePassed(settings, today);
}

/** Why no entry is taken: after the closing date it names the date; otherwise the switch is off. */
export function contestClosedMessage(settings: ContestSettings, today = isoDayInBerlin()): string {
  return contestDeadlinePassed(settings, today)
    ? `Der Wettbewerb ist beendet. Teilnahmeschluss war der ${formatIsoDay(settings.contest.closingDate)}.`
    : SERVER.contestClosed;
}
