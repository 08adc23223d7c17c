// What a database error means, for the writers that turn one into a clear 409.

/** Whether an error (or one of its causes) is Postgres's unique violation, of `constraint` when named. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, constraint: name } = e as { code?: string; constraint?: string };
    if (code === '23505' && (!constraint || name === constraint)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
