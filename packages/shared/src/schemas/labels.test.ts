import { describe, expect, it } from 'vitest';
import { labelsFormSchema, labelsPdfPath, labelsQuerySchema, LABEL_MESSAGES } from './labels';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

describe('labels', () => {
  it('turns the form into the choice and the choice into the PDF’s link', () => {
    const form = labelsFormSchema.parse({
      items: [
        { id: A, count: ' 3 ' },
        { id: B, count: '' },
      ],
      format: 'a4-3x8',
    });
    expect(form).toEqual({ items: [{ id: A, count: 3 }], format: 'a4-3x8', start: 1 });
    const link = labelsPdfPath(form.items, form.format);
    expect(link).toBe(`/vendor-auth/products/labels.pdf?ids=${A}&counts=3&format=a4-3x8`);
    const query = Object.fromEntries(
      link
        .split('?')[1]!
        .split('&')
        .map((pair) => pair.split('=')),
    );
    expect(labelsQuerySchema.parse(query)).toEqual({
      format: 'a4-3x8',
      start: 1,
      items: form.items,
    });
  });

  it('a partly used A4 sheet starts at a later place; a roll always at the first', () => {
    const form = labelsFormSchema.parse({
      items: [{ id: A, count: '2' }],
      format: 'a4-3x8',
      start: ' 7 ',
    });
    expect(form.start).toBe(7);
    const link = labelsPdfPath(form.items, form.format, form.start);
    expect(link).toBe(`/vendor-auth/products/labels.pdf?ids=${A}&counts=2&format=a4-3x8&start=7`);
    expect(labelsQuerySchema.parse({ ids: A, format: 'a4-3x8', start: '7' }).start).toBe(7);
    expect(labelsQuerySchema.parse({ ids: A, format: 'rolle-50x30', start: '7' }).start).toBe(1);
    const roll = labelsFormSchema.parse({
      items: [{ id: A, count: '2' }],
      format: 'rolle-50x30',
      start: '7',
    });
    expect(labelsPdfPath(roll.items, roll.format, roll.start)).not.toContain('start=');
    expect(
      labelsFormSchema.safeParse({ items: [{ id: A, count: '1' }], format: 'a4-3x8', start: '25' })
        .success,
    ).toBe(false);
  });

  it('refuses an empty choice, bad counts and too many labels in the form', () => {
    const messages = (items: { id: string; count: string }[]) => {
      const result = labelsFormSchema.safeParse({ items, format: 'rolle-50x30' });
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages([{ id: A, count: '' }])).toEqual([
      'Bitte gib bei mindestens einem Produkt an, wie viele Etiketten du brauchst.',
    ]);
    expect(messages([{ id: A, count: '2,5' }])).toEqual(['Bitte eine ganze Zahl von 0 bis 200.']);
    expect(messages([{ id: A, count: '201' }])).toEqual(['Bitte eine ganze Zahl von 0 bis 200.']);
    expect(
      messages([
        { id: A, count: '200' },
        { id: B, count: '200' },
        { id: '3', count: '101' },
      ]),
    ).toEqual([LABEL_MESSAGES.total]);
  });
});
