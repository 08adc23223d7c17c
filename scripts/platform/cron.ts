// A small cron matcher for Netlify scheduled functions (5 fields or @hourly-style shortcuts), in UTC.

const SHORTCUTS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@hourly': '0 * * * *',
};

const RANGES: [number, number][] = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
];

function expandField(field: string, [min, max]: [number, number]): Set<number> {
  const values = new Set<number>();
  for (const part of field.split(',')) {
    const [range = '*', stepText] = part.split('/');
    const step = stepText ? Number(stepText) : 1;
    let [from, to] = [min, max];
    if (range !== '*') {
      const [a, b] = range.split('-').map(Number);
      from = a as number;
      to = b ?? (stepText ? max : (a as number));
    }
    if (
      !Number.isInteger(from) ||
      !Number.isInteger(to) ||
      !Number.isInteger(step) ||
      step < 1 ||
      from < min ||
      to > max
    )
      throw new Error(`invalid cron field: ${field}`);
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return values;
}

/** A predicate telling whether a schedule fires at a given minute. */
export function parseCron(expression: string): (date: Date) => boolean {
  const fields = (SHORTCUTS[expression.trim()] ?? expression).trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`invalid cron expression: ${expression}`);
  const [minutes, hours, days, months, weekdays] = fields.map((f, i) =>
    expandField(f, RANGES[i] as [number, number]),
  );
  const anyDay = fields[2] === '*';
  const anyWeekday = fields[4] === '*';
  return (date) => {
    const dayMatch = days!.has(date.getUTCDate());
    const weekday = date.getUTCDay();
    const weekdayMatch = weekdays!.has(weekday) || (weekday === 0 && weekdays!.has(7));
    // Cron's rule: when both day fields are restricted, either one matching is enough.
    const dateMatch = anyDay || anyWeekday ? dayMatch && weekdayMatch : dayMatch || weekdayMatch;
    return (
      minutes!.has(date.getUTCMinutes()) &&
      hours!.has(date.getUTCHours()) &&
      months!.has(date.getUTCMonth() + 1) &&
      dateMatch
    );
  };
}
