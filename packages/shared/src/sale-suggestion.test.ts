import { describe, expect, it } from 'vitest';
import { eanCloseness, isDepositText, suggestProduct } from './sale-suggestion';

const HONEY = { ean: '2000000001418', name: 'Blütenhonig 500 g' };
const JELLY = { ean: '4006381333931', name: 'Apfelgelee' };
const EGGS = { ean: '2000000002415', name: 'Eier' };

describe('suggesting the product of an unassigned sale', () => {
  it('knows a failed check digit, one digit off and two swapped digits', () => {
    expect(eanCloseness('2000000001419', HONEY.ean)).toBe('check_digit');
    expect(eanCloseness('2000000007418', HONEY.ean)).toBe('one_digit');
    expect(eanCloseness('4006381339331', JELLY.ean)).toBe('swapped');
    expect(eanCloseness('4006381333931', JELLY.ean)).toBeNull();
    expect(eanCloseness('2000000099418', HONEY.ean)).toBeNull();
    expect(eanCloseness('200000000141', HONEY.ean)).toBeNull();
  });

  it('suggests by EAN when exactly one product is close, else by the article text', () => {
    expect(suggestProduct({ ean: '2000000001419', articleText: 'Honig' }, [HONEY, JELLY])).toEqual({
      product: HONEY,
      reason: 'check_digit',
    });
    expect(suggestProduct({ ean: '1234', articleText: 'APFELGELEE' }, [HONEY, JELLY])).toEqual({
      product: JELLY,
      reason: 'article_text',
    });
    expect(
      suggestProduct({ ean: '1234', articleText: 'Blütenhonig 500 g Glas' }, [HONEY, JELLY]),
    ).toEqual({ product: HONEY, reason: 'article_text' });
    // ambiguous: two products one digit off
    expect(
      suggestProduct({ ean: '2000000003418', articleText: 'x' }, [
        HONEY,
        { ...EGGS, ean: '2000000003417' },
      ]),
    ).toBeNull();
    expect(suggestProduct({ ean: '1234', articleText: 'Gutschein' }, [HONEY, JELLY])).toBeNull();
  });

  it('tells a deposit by its article text', () => {
    expect(isDepositText('Pfand 0,15')).toBe(true);
    expect(isDepositText('Flaschenpfand')).toBe(true);
    expect(isDepositText('Apfelsaft')).toBe(false);
  });
});
