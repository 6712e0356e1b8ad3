import { z } from 'zod';

/** A comma-separated list, blanks dropped. */
export const listOf = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** A variable set to nothing counts as not set. */
export const blankAsUnset = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);
