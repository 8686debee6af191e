// The name the shop issues its invoices, statements and cancellations under (docs/product/money.md;
// § 14 Abs. 4 Nr. 1 UStG: the full name of the issuing business, not the brand alone). Pure.

export const ISSUER_MESSAGES = {
  ownerMissing:
    'Name der Inhaberin oder des Inhabers (bei einer Gesellschaft: der Geschäftsführung) fehlt (Einstellungen → Impressum)',
} as const;

/** What the composition reads of the site settings' `legal`. */
export interface IssuerLegal {
  /** the brand or the firm, e.g. 'housnkuh' */
  operatorName: string;
  /** the owner, or a company's managing directors */
  ownerName: string;
  /** '' or e.g. 'Einzelunternehmen', 'e.K.', 'GmbH' */
  legalForm: string;
}

const squeeze = (text: string) => text.replace(/\s+/g, '').toLowerCase();

/** The suffix of a registered merchant ('e.K.', 'e.Kfm.', 'e.Kfr.'), or null. */
function merchantSuffix(legalForm: string): string | null {
  const form = squeeze(legalForm);
  if (/^e\.?kfr\.?$|kauffrau/.test(form)) return 'e.Kfr.';
  if (/^e\.?kfm\.?$/.test(form)) return 'e.Kfm.';
  if (/^e\.?k\.?$|kaufmann/.test(form)) return 'e.K.';
  return null;
}

/** No legal form, an Einzelunternehmen or a registered merchant (e.K.): a person trades. */
export function isSoleTrader(legalForm: string): boolean {
  const form = legalForm.trim();
  return form === '' || /einzel/i.test(form) || merchantSuffix(form) !== null;
}

/**
 * The issuer's name: a sole trader "<brand> – Inh. <owner>" (a registered merchant with its
 * suffix: "<brand> e.K. – Inh. <owner>"; trading under the own name: the name once); a company
 * its name with its legal form ("housnkuh GmbH"). `missing` names what keeps a month from being
 * finalized (the owner, for every form: a company's representatives are named on the documents).
 */
export function issuerName(legal: IssuerLegal): { name: string; missing: string[] } {
  const brand = legal.operatorName.trim();
  const owner = legal.ownerName.trim().replace(/\s+/g, ' ');
  const form = legal.legalForm.trim();
  const missing = owner === '' ? [ISSUER_MESSAGES.ownerMissing] : [];
  const withSuffix = (suffix: string) =>
    squeeze(brand).includes(squeeze(suffix)) ? brand : `${brand} ${suffix}`;

  if (!isSoleTrader(form)) return { name: form ? withSuffix(form) : brand, missing };
  const suffix = merchantSuffix(form);
  const firm = suffix ? withSuffix(suffix) : brand;
  if (owner === '') return { name: firm, missing };
  if (squeeze(brand) === squeeze(owner)) return { name: firm, missing };
  return { name: `${firm} – Inh. ${owner}`, missing };
}
