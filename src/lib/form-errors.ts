// Zod issues as the field errors a form shows: the one rule for the islands and the API's 400 body.
import type { ZodError, ZodType, z } from 'zod';

export type FieldErrors = Record<string, string>;

/** { field: its first message }; a nested field is keyed 'a.b', a form-wide issue '_'. */
export function fieldErrors(error: ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return fields;
}

/** A form's values parsed by its schema: the data, or null; `show` gets the field errors ({} when valid). */
export function checkForm<S extends ZodType>(
  schema: S,
  values: unknown,
  show: (errors: FieldErrors) => void,
): z.output<S> | null {
  const parsed = schema.safeParse(values);
  show(parsed.success ? {} : fieldErrors(parsed.error));
  return parsed.success ? parsed.data : null;
}
