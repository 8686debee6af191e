/**
 * A URL slug from a German name: umlauts and ß transliterated (ä → ae,
 * ö → oe, ü → ue, ß → ss), other accents dropped, everything that is not a
 * letter or digit becomes one dash: 'Käse & Milch' → 'kaese-milch'.
 */
export function germanSlug(name: string, maxLength = 60): string {
  return name
    .toLocaleLowerCase('de-DE')
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, '');
}
