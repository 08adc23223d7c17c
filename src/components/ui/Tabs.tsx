// Tabs with the keyboard behaviour of a tablist: one tab in the Tab order, arrow keys move between them.
import { useRef } from 'react';
import { cx } from './classes.ts';

export function Tabs<T extends string>({
  tabs,
  value,
  onChange,
  label,
  wide = false,
  className,
}: {
  tabs: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  label: string;
  /** Tabs share the whole width (the list's width is the caller's, through className). */
  wide?: boolean;
  className?: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  return (
    <div
      role="tablist"
      aria-label={label}
      className={cx(
        'max-w-full gap-1 overflow-x-auto rounded-control bg-neutral-100 p-1',
        wide ? 'flex' : 'inline-flex',
        className,
      )}
    >
      {tabs.map((tab, index) => (
        <button
          key={tab.value}
          ref={(el) => {
            refs.current[index] = el;
          }}
          type="button"
          role="tab"
          aria-selected={value === tab.value}
          tabIndex={value === tab.value ? 0 : -1}
          onClick={() => onChange(tab.value)}
          onKeyDown={(event) => {
            const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
            if (!step) return;
            const next = (index + step + tabs.length) % tabs.length;
            onChange(tabs[next]!.value);
            refs.current[next]?.focus();
          }}
          className={cx(
            'min-h-11 cursor-pointer rounded-[calc(var(--radius-control)-2px)] text-sm font-semibold transition-colors',
            // Wide: the tabs share the width equally and, on a phone, a long label takes two lines
            // rather than pushing the last tab out of view ('Meus dados' was cut at 390 px).
            wide
              ? 'flex-1 px-2 leading-tight whitespace-normal sm:px-4 sm:whitespace-nowrap'
              : 'px-4 whitespace-nowrap',
            value === tab.value
              ? 'bg-white text-neutral-900 shadow-card'
              : 'text-neutral-600 hover:text-neutral-900',
          )}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
