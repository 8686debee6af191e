import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SalesChart } from './sales-chart';

describe('SalesChart', () => {
  it('renders on the server as an image with its summary: a bar per row, a return below the line', () => {
    const html = renderToStaticMarkup(
      <SalesChart
        summary="Balkendiagramm: Umsatz pro Tag"
        bars={[
          { key: '2026-10-30', label: '30.10.', grossCents: 2597 },
          { key: '2026-10-31', label: '31.10.', grossCents: -790 },
          { key: '2026-11-01', label: '01.11.', grossCents: 0 },
        ]}
      />,
    );
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Balkendiagramm: Umsatz pro Tag"');
    expect(html.match(/<rect /g)).toHaveLength(3);
    // the return in the colour of returns, the sales in the shop's navy
    expect(html).toContain('fill="#be123c"');
    expect(html).toContain('fill="#09122c"');
    expect(html).toContain('30.10.');
  });

  it('draws an empty period without dividing by zero', () => {
    const html = renderToStaticMarkup(<SalesChart summary="leer" bars={[]} />);
    expect(html).not.toContain('NaN');
  });

  it('on a phone: a narrow, taller drawing with larger text, fewer labels under the bars', () => {
    const bars = Array.from({ length: 30 }, (_, index) => ({
      key: String(index),
      label: `${String(index + 1).padStart(2, '0')}.11.`,
      grossCents: 100 * index,
    }));
    const phone = renderToStaticMarkup(<SalesChart summary="Monat" bars={bars} size="phone" />);
    const wide = renderToStaticMarkup(<SalesChart summary="Monat" bars={bars} />);
    expect(phone).toContain('viewBox="0 0 360 300"');
    expect(phone).toContain('font-size="13"');
    expect(wide).toContain('viewBox="0 0 720 260"');
    const labels = (html: string) => (html.match(/\d\d\.11\./g) ?? []).length;
    expect(labels(phone)).toBeLessThanOrEqual(6);
    expect(labels(wide)).toBeGreaterThan(labels(phone));
  });
});
