// Form and query values that arrive as text or JSON.
import { z } from 'zod';

/** A boolean sent as true/false or 'true'/'false'. */
export const boolish = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((value) => value === true || value === 'true');
