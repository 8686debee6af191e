import { isoDayInBerlin } from '@housnkuh/shared/format';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import type { AccountStatus, TrialStatus } from '@housnkuh/shared/schemas/vendor';
import {
  freeDaysLeft,
  freeMonthOf,
  isShopOpen,
  LIVE_CONTRACT_STATUSES,
  type ContractFacts,
} from '../contracts/public';

/**
 * The producer's free month as its status shows it: the one free month of
 * contracts/rental-terms.ts, whatever state its contracts are in now.
 */
export function computeTrialStatus(
  settings: SiteSettings,
  contracts: Pick<ContractFacts, 'id' | 'status' | 'startDate' | 'createdAt'>[],
  hasPendingBooking: boolean,
  today = isoDayInBerlin(),
): TrialStatus {
  const shopOpen = isShopOpen(settings, today);
  const base = { shopOpen, openingDate: settings.openingDate };
  const live = contracts.filter((c) => LIVE_CONTRACT_STATUSES.has(c.status));
  if (live.length === 0) {
    return {
      ...base,
      status: hasPendingBooking ? 'waiting' : 'none',
      trialStart: null,
      trialEnd: null,
      daysRemaining: null,
    };
  }
  const freeMonth = freeMonthOf(settings.openingDate, contracts);
  if (!freeMonth || today < freeMonth.start) {
    return {
      ...base,
      status: 'scheduled',
      trialStart: freeMonth?.start ?? null,
      trialEnd: freeMonth?.end ?? null,
      daysRemaining: null,
    };
  }
  const left = freeDaysLeft(freeMonth, today);
  return {
    ...base,
    status: left !== null ? 'active' : 'ended',
    trialStart: freeMonth.start,
    trialEnd: freeMonth.end,
    daysRemaining: left ?? 0,
  };
}

export function trialMessage(trial: TrialStatus): string {
  switch (trial.status) {
    case 'none':
      return 'Du hast noch keine Verkaufsfläche gebucht.';
    case 'waiting':
      return 'Deine Buchung ist eingegangen. Wir melden uns innerhalb von 2 Werktagen und suchen ein passendes Mietfach.';
    case 'scheduled':
      return trial.trialStart
        ? `Dein Probemonat beginnt am ${trial.trialStart.split('-').reverse().join('.')}.`
        : 'Dein Probemonat beginnt mit der Eröffnung des Ladens.';
    case 'active':
      return `Dein Probemonat läuft noch ${trial.daysRemaining} ${trial.daysRemaining === 1 ? 'Tag' : 'Tage'}.`;
    case 'ended':
      return 'Dein Probemonat ist vorbei; dein Vertrag läuft regulär weiter.';
  }
}

/** Vor-registriert, Probemonat aktiv, Aktiv or Gekündigt (docs/product/vendor-lifecycle.md). */
export function accountStatus(
  trial: TrialStatus,
  contracts: Pick<ContractFacts, 'status' | 'startDate'>[],
): AccountStatus {
  if (trial.status === 'active') return 'Probemonat aktiv';
  if (trial.status === 'ended') return 'Aktiv';
  if (trial.status === 'scheduled') return trial.shopOpen ? 'Aktiv' : 'Vor-registriert';
  const everHad = contracts.length > 0;
  return everHad ? 'Gekündigt' : 'Vor-registriert';
}
