/**
 * Names of linked records the user just picked, by record id. The server sends names with each record
 * (`names`), but an optimistic write shows a new link before that record comes back.
 */
const picked = new Map<string, string>();

export function rememberLinkName(id: string, name: string) {
  picked.set(id, name);
}

export function linkName(id: string, names: Record<string, string> | undefined): string {
  return names?.[id] ?? picked.get(id) ?? '';
}

export const UNNAMED_RECORD = 'Unnamed record';
