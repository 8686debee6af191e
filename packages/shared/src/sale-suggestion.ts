// Which known product an unassigned sale probably is (docs/decisions/0046): an EAN one
// digit off a known one (a misread or mistyped digit, a failed check digit), two neighbouring
// digits swapped, or an article text that is a product's name. Pure, for the server's list.
import { isValidEan13 } from './ean';
import { normalizeForSearch } from './search';

/** Why a product is suggested; the German line the page shows. */
export const SUGGESTION_REASONS = {
  check_digit:
    'Die Prüfziffer der EAN stimmt nicht; die ersten 12 Ziffern sind die dieses Produkts.',
  one_digit: 'Die EAN weicht in einer Ziffer ab.',
  swapped: 'Zwei benachbarte Ziffern der EAN sind vertauscht.',
  article_text: 'Der Artikeltext passt zum Namen dieses Produkts.',
  deposit: 'Pfand direkt nach diesem Produkt auf demselben Beleg.',
} as const;
export type SuggestionReason = keyof typeof SUGGESTION_REASONS;

/** A line of a till receipt that is a deposit (Pfand), by its article text. */
export function isDepositText(articleText: string): boolean {
  return /pfand/i.test(articleText);
}

/** How the EAN of a sale is close to a known one, or null. */
export function eanCloseness(sold: string, known: string): SuggestionReason | null {
  if (sold === known || sold.length !== known.length || !/^\d+$/.test(sold)) return null;
  const differing: number[] = [];
  for (let i = 0; i < sold.length; i += 1) if (sold[i] !== known[i]) differing.push(i);
  if (differing.length === 1) {
    const last = differing[0] === sold.length - 1;
    return last && sold.length === 13 && !isValidEan13(sold) ? 'check_digit' : 'one_digit';
  }
  if (
    differing.length === 2 &&
    differing[1] === differing[0]! + 1 &&
    sold[differing[0]!] === known[differing[1]!] &&
    sold[differing[1]!] === known[differing[0]!]
  )
    return 'swapped';
  return null;
}

/**
 * The product a sale probably is: the first known product (in the order given, active ones
 * first) whose EAN is close to the sale's, else whose name matches the article text; null if none
 * or if it is ambiguous (two products equally close or named alike).
 */
export function suggestProduct<P extends { ean: string; name: string }>(
  sale: { ean: string; articleText: string },
  known: readonly P[],
): { product: P; reason: SuggestionReason } | null {
  const byEan = known
    .map((product) => ({ product, reason: eanCloseness(sale.ean, product.ean) }))
    .filter((found): found is { product: P; reason: SuggestionReason } => found.reason !== null);
  if (byEan.length === 1) return byEan[0]!;
  const text = normalizeForSearch(sale.articleText).trim();
  if (text === '') return null;
  const names = known.map((product) => ({
    product,
    name: normalizeForSearch(product.name).trim(),
  }));
  const same = names.filter(({ name }) => name === text);
  if (same.length === 1) return { product: same[0]!.product, reason: 'article_text' };
  if (same.length > 1) return null;
  // a till's shortened or lengthened text ("Apfelgelee 250 g"): one product's name inside it
  const inside = names.filter(
    ({ name }) => name.length >= 4 && (text.includes(name) || name.includes(text)),
  );
  return inside.length === 1 ? { product: inside[0]!.product, reason: 'article_text' } : null;
}
