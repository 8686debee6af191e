// Issue 31 (polish): "Direktvermarkter" in every visible text, "Erzeuger" only on the legal
// pages (the AGB define both; changing published terms needs notice).
import { describe, expect, it } from 'vitest';
import { DEFAULT_FAQS } from '@housnkuh/shared/faq-defaults';

const sources = import.meta.glob<string>(
  ['./**/*.tsx', './**/*.ts', '!./**/*.test.tsx', '!./**/*.test.ts', '!./features/public/legal/**'],
  { query: '?raw', import: 'default', eager: true },
);

describe('Direktvermarkter, not Erzeuger', () => {
  it('says Direktvermarkter in the web app but on the legal pages', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const mixed = Object.entries(sources)
      .filter(([, text]) => /Erzeuger/.test(text))
      .map(([path]) => path);
    expect(mixed).toEqual([]);
  });

  it('says Direktvermarkter in the FAQ the shop starts with', () => {
    expect(JSON.stringify(DEFAULT_FAQS)).not.toMatch(/Erzeuger/);
  });
});
