// Schedules of Netlify scheduled functions (`config.schedule`: cron expressions and @hourly-style
// shortcuts), in UTC, read by cron-parser: the parser Netlify itself uses (@netlify/config validates
// config.schedule with it, @netlify/functions-dev computes a function's next run with it), so the local
// platform accepts exactly what a deploy accepts.
import { CronExpressionParser } from 'cron-parser';

export interface Schedule {
  /** The first run strictly after `after`. */
  next(after: Date): Date;
  /** Whether the schedule fires in the minute that contains `date`. */
  matches(date: Date): boolean;
}

/**
 * A schedule; throws on an expression Netlify would refuse, and on one that is not five fields or an
 * @shortcut (cron-parser fills missing fields with *, so '* * *' would run every minute).
 */
export function parseCron(expression: string): Schedule {
  const text = expression.trim();
  if (!/^@[a-z]+$/i.test(text) && text.split(/\s+/).length !== 5)
    throw new Error(`invalid cron expression (five fields or an @shortcut): ${expression}`);
  const parse = (currentDate: Date) => CronExpressionParser.parse(text, { currentDate, tz: 'Etc/UTC' });
  parse(new Date());
  const next = (after: Date) => parse(after).next().toDate();
  return {
    next,
    matches: (date) => {
      const minute = Math.floor(date.getTime() / 60_000) * 60_000;
      return next(new Date(minute - 1)).getTime() < minute + 60_000;
    },
  };
}
