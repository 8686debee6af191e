import { findPackageOption, optionDisplayName } from './catalog';

/**
 * Free units per catalog type (GET /api/pricing/availability): the shop's
 * active units of the type and those no contract holds today or later. Types
 * without any unit (priced on request) are not listed and never "belegt".
 */
export interface UnitAvailability {
  optionId: string;
  total: number;
  free: number;
}

export const OCCUPIED_LABEL = 'derzeit belegt';

/** The type has units, and none of them is free. */
export function isOccupied(
  availability: readonly UnitAvailability[] | undefined,
  optionId: string,
): boolean {
  const entry = availability?.find((candidate) => candidate.optionId === optionId);
  return entry !== undefined && entry.free === 0;
}

/**
 * The chosen types that cannot all be given a unit now (fewer free than
 * chosen), e.g. ['Kühlfach']; a request for them goes on the waiting list.
 */
export function waitlistedNames(
  availability: readonly UnitAvailability[] | undefined,
  counts: Readonly<Record<string, number>>,
): string[] {
  const names: string[] = [];
  for (const [optionId, count] of Object.entries(counts)) {
    const entry = availability?.find((candidate) => candidate.optionId === optionId);
    const option = findPackageOption(optionId);
    if (!entry || !option || count <= 0 || entry.free >= count) continue;
    names.push(optionDisplayName(option, count));
  }
  return names;
}

/** ['Kühlfach', 'Tiefkühlfach'] → 'Kühlfach und Tiefkühlfach'. */
export function joinNames(names: readonly string[]): string {
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} und ${names.at(-1)!}`;
}

/** What the configurator, the registration and the mail say about a waiting list. */
export function waitlistText(names: readonly string[]): string {
  return `Für ${joinNames(names)} ist derzeit nicht genug frei. Deine Anfrage kommt auf die Warteliste; wir melden uns, sobald ein passendes Mietfach frei wird.`;
}
