import { formatIsoDay } from '@housnkuh/shared/format';
import type { AdminContract } from '@housnkuh/shared/schemas/admin-rental';

/** What the contract list and the contract page share. */

export const PHASE_FILTERS = [
  ['', 'Alle'],
  ['scheduled', 'geplant'],
  ['trial', 'im Probemonat'],
  ['term', 'aktiv (Mindestlaufzeit)'],
  ['monthly', 'aktiv, monatlich kündbar'],
  ['notice', 'gekündigt'],
  ['ended', 'beendet'],
  ['cancelled', 'storniert'],
] as const;

export const model = (contract: AdminContract) =>
  contract.provisionType === 'premium' ? 'Premium-Modell (7 %)' : 'Basismodell (4 %)';

export function ContractDates({ contract }: { contract: AdminContract }) {
  const parts = [
    `Beginn ${formatIsoDay(contract.startDate)}`,
    contract.trialEndsOn && `Probemonat bis ${formatIsoDay(contract.trialEndsOn)}`,
    contract.termEndsOn && `Mindestlaufzeit bis ${formatIsoDay(contract.termEndsOn)}`,
    contract.phase === 'cancelled'
      ? 'vor dem Beginn storniert'
      : contract.endDate
        ? `Ende ${formatIsoDay(contract.endDate)}`
        : contract.earliestEnd
          ? `frühestes Ende ${formatIsoDay(contract.earliestEnd)}`
          : contract.endsAtOnce && 'bis zum Beginn stornierbar',
  ].filter(Boolean);
  return <>{parts.join(' · ')}</>;
}
