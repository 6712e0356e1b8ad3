/** Pieces the step catalogue's groups build their entries from. */

export const main = () => ['main'];

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'].map((m) => ({
  value: m,
  label: m,
}));

export const opt = (...values: [string, string][]) => values.map(([value, label]) => ({ value, label }));

/** A value holding `{{ … }}` is checked when the step runs, not in the catalogue's rules. */
export const hasExpression = (value: unknown) => typeof value === 'string' && value.includes('{{');
