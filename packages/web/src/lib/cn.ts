/** Joins class names, skipping falsy ones. Variants are written so that they never need to override each other. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
