// Text in the SEPA character set German banks take (DK, DFÜ-Abkommen Anlage 3): what the SEPA
// file writes (billing module) and what the forms check an account holder against (issue 30,
// item 16; docs/decisions/0039). Pure.

/** The characters of the SEPA set: Latin letters without accents, digits, / ? : ( ) . , ' + - space. */
const SEPA_CHARACTERS = /[^A-Za-z0-9/?:().,'+\- ]/g;
const REPLACEMENTS: [RegExp, string][] = [
  [/Ä/g, 'Ae'],
  [/Ö/g, 'Oe'],
  [/Ü/g, 'Ue'],
  [/ä/g, 'ae'],
  [/ö/g, 'oe'],
  [/ü/g, 'ue'],
  [/ß/g, 'ss'],
  [/ẞ/g, 'SS'],
  [/Ø/g, 'O'],
  [/ø/g, 'o'],
  [/Æ/g, 'AE'],
  [/æ/g, 'ae'],
  [/Œ/g, 'OE'],
  [/œ/g, 'oe'],
  [/Ł/g, 'L'],
  [/ł/g, 'l'],
  [/Đ/g, 'D'],
  [/đ/g, 'd'],
  [/&/g, '+'],
  [/[–—]/g, '-'],
  [/[‚‘’`´"„“”]/g, "'"],
];

/**
 * Text in the SEPA character set: umlauts and ß as the DK conversion rules say
 * (ä → ae, ß → ss), '&' as '+', other accents dropped (é → e), every other
 * character a space; runs of spaces as one, cut to `max` characters.
 */
export function sepaText(text: string, max: number): string {
  let result = text;
  for (const [pattern, replacement] of REPLACEMENTS) result = result.replace(pattern, replacement);
  result = result
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(SEPA_CHARACTERS, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return result.slice(0, max).trim();
}

/**
 * Whether a name (an account holder) keeps a Latin letter in the SEPA set: a holder written only
 * in another script (e.g. "Иван Петров") would leave the transfer's name empty, which the bank
 * refuses for the whole file.
 */
export function hasSepaLetters(name: string): boolean {
  return /[A-Za-z]/.test(sepaText(name, 70));
}
