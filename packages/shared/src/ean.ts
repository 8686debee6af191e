// EAN-13 (GTIN-13): the check digit, the producer's own numbers and the shop's in-store numbers.

/** The check digit of the first 12 digits of an EAN-13 (weights 1 and 3 from the left). */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error('ean13CheckDigit needs 12 digits');
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** Thirteen digits whose last is the right check digit. */
export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/** The prefix of the shop's in-store numbers (GS1: 20–29 for use within a company). */
export const IN_STORE_EAN_PREFIX = '20';

/** The shop's number_series name of the in-store counter. */
export const IN_STORE_EAN_SERIES = 'ean-instore';

/** The in-store EAN of a counter value: 20, ten digits of the counter, the check digit. */
export function inStoreEan(counter: number): string {
  if (!Number.isInteger(counter) || counter < 1 || counter > 9_999_999_999)
    throw new Error('in-store EAN counter out of range');
  const first12 = IN_STORE_EAN_PREFIX + String(counter).padStart(10, '0');
  return first12 + String(ean13CheckDigit(first12));
}

/** An in-store number (the shop assigns it; a producer cannot choose one). */
export function isInStoreEan(code: string): boolean {
  return code.startsWith(IN_STORE_EAN_PREFIX) && code.length === 13;
}

/** '4 012345 678901' or '4012345-678901' → '4012345678901' (spaces and dashes as pasted). */
export function compactEan(value: string): string {
  return value.replace(/[\s-]/g, '');
}
