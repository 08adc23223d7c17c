// The stats chart (uPlot), loaded only when an owner opens a group's stats: joins and shares per day.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { StatsDay } from './engage.ts';

const CLICKS_COLOR = '#15803d';
const SHARES_COLOR = '#2563eb';

/** A São Paulo day (yyyy-mm-dd) as the chart's x value: its noon in UTC, the same day in any zone. */
const x = (day: string) => Date.parse(`${day}T12:00:00Z`) / 1000;
const dayMonth = (seconds: number) => {
  const [, month, day] = new Date(seconds * 1000).toISOString().slice(0, 10).split('-');
  return `${day}/${month}`;
};

export default function StatsChart({ days }: { days: StatsDay[] }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const width = () => Math.max(240, el.clientWidth);
    const plot = new uPlot(
      {
        width: width(),
        height: 220,
        legend: { show: true },
        cursor: { points: { size: 8 } },
        scales: {
          x: { time: false },
          y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] },
        },
        axes: [
          {
            values: (_u, splits) => splits.map(dayMonth),
            stroke: '#525252',
            grid: { stroke: '#f0f0f0' },
            ticks: { stroke: '#e5e5e5' },
          },
          {
            values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? String(v) : '')),
            stroke: '#525252',
            grid: { stroke: '#f0f0f0' },
            ticks: { stroke: '#e5e5e5' },
            size: 40,
          },
        ],
        series: [
          { label: 'Dia', value: (_u, v) => (v == null ? '' : dayMonth(v)) },
          {
            label: 'Entradas',
            stroke: CLICKS_COLOR,
            width: 2,
            fill: 'rgba(21,128,61,0.08)',
            points: { show: true, size: 5 },
          },
          { label: 'Compartilhamentos', stroke: SHARES_COLOR, width: 2, points: { show: true, size: 5 } },
        ],
      },
      [days.map((d) => x(d.date)), days.map((d) => d.clicks), days.map((d) => d.shares)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height: 220 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days]);

  return <div ref={box} className="w-full overflow-hidden text-xs" data-stats-chart />;
}
