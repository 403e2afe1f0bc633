import { chartBars } from '../report-range.ts';

export interface ReportChartProps {
  /** Coins earned each day of the range. */
  earnedByDay: readonly number[];
  /** What a screen reader hears for the picture. */
  label: string;
  width?: number;
  height?: number;
  /** The tallest bar's value: the same for every student's chart, so their heights compare (else this chart's own). */
  scaleMax?: number;
}

/**
 * A student's coins earned per day as a row of bars: plain SVG (no chart library), one bar a day
 * while they fit, else a bar a run of days (report-range.ts chartBars).
 */
export function ReportChart({ earnedByDay, label, width = 120, height = 28, scaleMax }: ReportChartProps) {
  const bars = chartBars(earnedByDay);
  const top = Math.max(1, scaleMax ?? 0, ...bars);
  const step = width / Math.max(1, bars.length);
  const gap = step > 3 ? 1 : 0;
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} data-testid="report-chart">
      <line x1={0} y1={height - 0.5} x2={width} y2={height - 0.5} stroke="currentColor" strokeOpacity={0.25} />
      {bars.map((value, i) => {
        const h = value > 0 ? Math.max(1.5, (value / top) * (height - 2)) : 0;
        return h > 0 ? <rect key={i} x={i * step} y={height - 1 - h} width={Math.max(1, step - gap)} height={h} rx={step > 4 ? 1 : 0} fill="var(--mantine-color-indigo-6, #4c6ef5)" /> : null;
      })}
    </svg>
  );
}
