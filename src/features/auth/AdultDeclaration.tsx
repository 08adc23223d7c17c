// The age declaration (MINIMUM_AGE, LGPD art. 14): a required checkbox at sign-up, and at checkout for an
// account made before the rule. Its value ('on') is what the schemas' adultDeclaration accepts.
import { cx } from '#src/components/ui/classes.ts';
import { MINIMUM_AGE } from './auth.schema.ts';

export function AdultDeclaration({
  error,
  checked,
  onChange,
}: {
  error?: string;
  checked?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm text-neutral-800">
        <input
          type="checkbox"
          name="adult"
          required
          {...(onChange ? { checked: Boolean(checked), onChange: (e) => onChange(e.target.checked) } : {})}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'idade-erro' : undefined}
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
        />
        <span>
          Declaro que tenho {MINIMUM_AGE} anos ou mais.{' '}
          <a href="/privacidade#menores" className="underline underline-offset-2">
            Por quê?
          </a>
        </span>
      </label>
      {error && (
        <p id="idade-erro" className={cx('text-sm font-medium text-red-700')}>
          {error}
        </p>
      )}
    </div>
  );
}
