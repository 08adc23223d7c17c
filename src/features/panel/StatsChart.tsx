// The stats chart (uPlot), loaded only when an owner opens a group's stats: joins and shares per day.
// Its legend is ours, not uPlot's: the period's totals until a day is chosen (hover, or a tap on
// touch screens, which uPlot's cursor ignores), then that day's figures; two short lines at any width.
import { useEffect, useRef, useState } from 'react';
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

/** uPlot's options: days on x, entries and shares on y from 0, the chosen day reported to `choose`. */
function chartOptions(width: number, choose: (index: number | null) => void): uPlot.Options {
  return {
    width,
    height: 220,
    legend: { show: false },
    cursor: { points: { size: 8 } },
    hooks: { setCursor: [(u) => choose(u.cursor.idx ?? null)] },
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
  };
}

/** The two series' colours and totals (the chosen day's, or the period's). */
function ChartTotals({ clicks, shares }: { clicks: number; shares: number }) {
  return (
    <ul className="flex w-full flex-wrap gap-x-4 gap-y-1 text-neutral-700">
      {[
        { label: 'Entradas', color: CLICKS_COLOR, total: clicks },
        { label: 'Compartilhamentos', color: SHARES_COLOR, total: shares },
      ].map(({ label, color, total }) => (
        <li key={label} className="flex items-center gap-1.5 whitespace-nowrap">
          <span aria-hidden="true" className="size-2.5 rounded-full" style={{ background: color }} />
          {label} <strong className="tabular-nums text-neutral-900">{total.toLocaleString('pt-BR')}</strong>
        </li>
      ))}
    </ul>
  );
}

export default function StatsChart({ days }: { days: StatsDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  // The chosen day's index; null: the whole period.
  const [chosen, setChosen] = useState<number | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const width = () => Math.max(240, el.clientWidth);
    const plot = new uPlot(
      chartOptions(width(), setChosen),
      [days.map((d) => x(d.date)), days.map((d) => d.clicks), days.map((d) => d.shares)],
      el,
    );
    plotRef.current = plot;
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height: 220 }));
    resize.observe(el);
    // Touch: a tap or a drag picks the nearest day (uPlot's cursor follows the mouse only).
    const onTouch = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!touch) return;
      const rect = plot.over.getBoundingClientRect();
      const left = Math.min(Math.max(0, touch.clientX - rect.left), rect.width);
      plot.setCursor({ left, top: Math.min(Math.max(0, touch.clientY - rect.top), rect.height) });
      if (event.cancelable && event.type === 'touchmove') event.preventDefault();
    };
    plot.over.addEventListener('touchstart', onTouch, { passive: true });
    plot.over.addEventListener('touchmove', onTouch, { passive: false });
    return () => {
      resize.disconnect();
      plot.over.removeEventListener('touchstart', onTouch);
      plot.over.removeEventListener('touchmove', onTouch);
      plot.destroy();
      plotRef.current = null;
    };
  }, [days]);

  const day = chosen === null ? undefined : days[chosen];
  const figures = day ?? {
    clicks: days.reduce((sum, d) => sum + d.clicks, 0),
    shares: days.reduce((sum, d) => sum + d.shares, 0),
  };
  const clear = () => {
    plotRef.current?.setCursor({ left: -10, top: -10 });
    setChosen(null);
  };

  return (
    <div className="flex flex-col gap-2">
      <div
        className="flex min-h-11 flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm"
        data-stats-legend
      >
        <p className="whitespace-nowrap font-medium text-neutral-900" aria-live="polite">
          {day ? `Dia ${dayMonth(x(day.date))}` : 'Total do período'}
        </p>
        {day ? (
          <button
            type="button"
            onClick={clear}
            className="min-h-11 rounded-control px-2 text-sm font-medium text-brand-700 underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            Ver o período todo
          </button>
        ) : (
          <p className="text-xs text-neutral-600">Toque ou passe o mouse num dia</p>
        )}
        <ChartTotals clicks={figures.clicks} shares={figures.shares} />
      </div>
      <div ref={box} className="w-full touch-pan-y overflow-hidden text-xs" data-stats-chart />
    </div>
  );
}
