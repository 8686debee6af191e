import { formatEuro } from '@housnkuh/shared/format';

export interface ChartBar {
  key: string;
  /** The bar's name under it (a day, a week, a month, a product). */
  label: string;
  grossCents: number;
}

/** The drawing's size: wide for a desktop, narrow and taller for a phone (text stays legible). */
const SIZES = {
  wide: {
    width: 720,
    height: 260,
    pad: { top: 16, right: 8, bottom: 40, left: 64 },
    font: 11,
    labels: 12,
  },
  phone: {
    width: 360,
    height: 300,
    pad: { top: 14, right: 6, bottom: 36, left: 54 },
    font: 13,
    labels: 6,
  },
} as const;

/** Round steps for the axis: 1, 2, 5 × 10ⁿ euros. */
function niceStep(maxCents: number): number {
  const rough = Math.max(maxCents, 100) / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  for (const factor of [1, 2, 5, 10]) if (factor * power >= rough) return factor * power;
  return 10 * power;
}

/**
 * A plain SVG bar chart of gross sales (rendered by React, so it renders on the server too):
 * one bar per period or product, returns below the line. Marked as an image with a short
 * summary; the table beside it is the accessible alternative with every figure.
 */
export function SalesChart({
  bars,
  summary,
  size = 'wide',
  className = '',
}: {
  bars: readonly ChartBar[];
  summary: string;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const { width: WIDTH, height: HEIGHT, pad: PAD, font, labels } = SIZES[size];
  const max = Math.max(0, ...bars.map((bar) => bar.grossCents));
  const min = Math.min(0, ...bars.map((bar) => bar.grossCents));
  const step = niceStep(max - min);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const bottom = Math.floor(min / step) * step;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const y = (cents: number) => PAD.top + ((top - cents) / (top - bottom)) * plotHeight;
  const slot = plotWidth / Math.max(1, bars.length);
  const barWidth = Math.max(1, Math.min(48, slot * 0.7));
  // at most about 12 labels under the bars (6 on a phone)
  const labelEvery = Math.max(1, Math.ceil(bars.length / labels));
  const ticks: number[] = [];
  for (let value = bottom; value <= top; value += step) ticks.push(value);

  return (
    <svg
      role="img"
      aria-label={summary}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className={`h-auto w-full ${className}`}
      preserveAspectRatio="xMidYMid meet"
    >
      {ticks.map((value) => (
        <g key={value}>
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={y(value)}
            y2={y(value)}
            stroke={value === 0 ? '#4b5563' : '#e5e7eb'}
            strokeWidth={1}
          />
          <text x={PAD.left - 6} y={y(value) + 4} textAnchor="end" fontSize={font} fill="#374151">
            {formatEuro(value).replace(',00', '')}
          </text>
        </g>
      ))}
      {bars.map((bar, index) => {
        const x = PAD.left + index * slot + (slot - barWidth) / 2;
        const height = Math.abs(y(bar.grossCents) - y(0));
        return (
          <g key={bar.key}>
            <rect
              x={x}
              y={bar.grossCents >= 0 ? y(bar.grossCents) : y(0)}
              width={barWidth}
              height={height}
              rx={2}
              fill={bar.grossCents >= 0 ? '#09122c' : '#be123c'}
            />
            {index % labelEvery === 0 && (
              <text
                x={x + barWidth / 2}
                y={HEIGHT - PAD.bottom + 16}
                textAnchor="middle"
                fontSize={font}
                fill="#374151"
              >
                {bar.label.length > 14 ? `${bar.label.slice(0, 13)}…` : bar.label}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
