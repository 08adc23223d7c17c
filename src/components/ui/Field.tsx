// Form fields, one look everywhere (admin, login, submission, report): a label, the control, its hint and
// its error, linked by aria-describedby so a screen reader reads the error with the field.
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { cx, field, inputClasses } from './classes.ts';

export interface FieldControlProps {
  id: string;
  required?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Marks the label with an asterisk and the control as required (validation stays ours: forms are noValidate). */
  required?: boolean;
  children: (props: FieldControlProps) => ReactNode;
}

/** A labelled control with its hint and error. */
export function Field({ label, error, hint, required, children }: FieldProps) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={field.root}>
      <label htmlFor={id} className={field.label}>
        {label}
        {required && (
          <span aria-hidden="true" className={field.required}>
            {' '}
            *
          </span>
        )}
      </label>
      {children({
        id,
        required: required || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint && (
        <p id={`${id}-hint`} className={field.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={field.error}>
          {error}
        </p>
      )}
    </div>
  );
}

export function TextInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return <input {...props} className={cx(inputClasses, props.className)} />;
}
export function TextArea(props: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea rows={4} {...props} className={cx(inputClasses, 'min-h-24', props.className)} />;
}
export function Select(props: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select {...props} className={cx(inputClasses, 'pr-8', props.className)} />;
}
/** A password box; `isNew` for one being chosen, so password managers offer to generate and save it. */
export function PasswordInput({
  isNew,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { isNew?: boolean }) {
  return <TextInput type="password" autoComplete={isNew ? 'new-password' : 'current-password'} {...props} />;
}
