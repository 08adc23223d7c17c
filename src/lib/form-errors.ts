// Zod issues as the field errors a form shows: the one rule for the islands and the API's 400 body.
import type { ZodError } from 'zod';

export type FieldErrors = Record<string, string>;

/** { field: its first message }; a nested field is keyed 'a.b', a form-wide issue '_'. */
export function fieldErrors(error: ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return fields;
}
