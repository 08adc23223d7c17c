// The age confirmation of AdultGate.astro for pages rendered in the browser (the 404 page's fallback
// for a group the last build did not know): the same texts and the same remembered answer.
import { ShieldAlert } from 'lucide-react';
import { buttonClasses, cardClasses, cx } from '#src/components/ui/classes.ts';
import {
  ADULT_CONFIRM_LABEL,
  ADULT_GATE_TEXT,
  ADULT_GATE_TITLE,
  ADULT_LEAVE_LABEL,
  confirmAdult,
} from './adult.ts';

export default function AdultGateNotice({ onConfirm }: { onConfirm: () => void }) {
  return (
    <section
      className={cx(cardClasses({ padding: 'lg' }), 'mx-auto mt-6 max-w-xl text-center')}
      aria-labelledby="confirmar-idade"
    >
      <span className="mx-auto grid size-14 place-items-center rounded-full bg-red-50 text-red-700">
        <ShieldAlert aria-hidden="true" className="size-7" />
      </span>
      <h1
        id="confirmar-idade"
        className="mt-4 text-xl font-bold tracking-tight text-balance text-neutral-900 sm:text-2xl"
      >
        {ADULT_GATE_TITLE}
      </h1>
      <p className="mt-2 text-neutral-700">{ADULT_GATE_TEXT}</p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
        <button
          type="button"
          className={buttonClasses({ size: 'lg' })}
          onClick={() => {
            confirmAdult();
            onConfirm();
          }}
        >
          {ADULT_CONFIRM_LABEL}
        </button>
        <a href="/" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
          {ADULT_LEAVE_LABEL}
        </a>
      </div>
    </section>
  );
}
