/**
 * Text for searching and sorting, the same on server and client: lower case,
 * umlauts and ß folded, and the spellings ae/oe/ue folded the same way, so that
 * 'Muller', 'Mueller' and 'müller' all find 'Müller'.
 */
export function normalizeForSearch(text: string): string {
  return text
    .toLocaleLowerCase('de-DE')
    .normalize('NFD')
    .replace(/ß/g, 'ss')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ae/g, 'a')
    .replace(/oe/g, 'o')
    .replace(/ue/g, 'u')
    .replace(/\s+/g, ' ')
    .trim();
}
