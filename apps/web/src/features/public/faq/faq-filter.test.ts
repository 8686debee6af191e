import type { Faq } from '@housnkuh/shared/schemas/faq';
import { describe, expect, it } from 'vitest';
import { categoryCounts, filterFaqs, matchesSearch } from './faq-filter';

const faqs: Faq[] = [
  {
    _id: '1',
    category: 'Allgemein',
    question: 'Wann habt ihr offen?',
    answer: 'Fast immer.',
    keywords: ['Öffnungszeiten'],
  },
  {
    _id: '2',
    category: 'Zahlungen',
    question: 'Wie hoch ist die Provision?',
    answer: '4 % oder 7 %.',
    keywords: ['kosten'],
  },
  {
    _id: '3',
    category: 'Allgemein',
    question: 'Wo parke ich?',
    answer: 'Vor dem Laden.',
    keywords: [],
  },
];

describe('FAQ filter', () => {
  it('searches question, answer and keywords, ignoring case', () => {
    expect(matchesSearch(faqs[0]!, 'OFFEN')).toBe(true);
    expect(matchesSearch(faqs[0]!, 'fast immer')).toBe(true);
    expect(matchesSearch(faqs[0]!, 'öffnungszeiten')).toBe(true);
    expect(matchesSearch(faqs[0]!, 'Provision')).toBe(false);
    expect(matchesSearch(faqs[0]!, '   ')).toBe(true);
  });

  it('combines search and category; "all" shows every category', () => {
    expect(filterFaqs(faqs, '', 'all').map((f) => f._id)).toEqual(['1', '2', '3']);
    expect(filterFaqs(faqs, '', 'Allgemein').map((f) => f._id)).toEqual(['1', '3']);
    expect(filterFaqs(faqs, 'laden', 'Allgemein').map((f) => f._id)).toEqual(['3']);
    expect(filterFaqs(faqs, 'laden', 'Zahlungen')).toEqual([]);
  });

  it('counts the matches per category in order of appearance', () => {
    expect(categoryCounts(faqs, '')).toEqual([
      { category: 'Allgemein', count: 2 },
      { category: 'Zahlungen', count: 1 },
    ]);
    expect(categoryCounts(faqs, 'provision')).toEqual([
      { category: 'Allgemein', count: 0 },
      { category: 'Zahlungen', count: 1 },
    ]);
  });
});
