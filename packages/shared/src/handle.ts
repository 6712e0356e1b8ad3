export const HANDLE_MIN_LENGTH = 3;
export const HANDLE_MAX_LENGTH = 32;
export const HANDLE_TOO_SHORT = 'Handle must be at least 3 characters long';
export const HANDLE_CHECK_FAILED = 'Failed to check availability';

/**
 * Spec §5: lowercase; each run of characters other than a-z and 0-9 becomes one hyphen; leading
 * and trailing hyphens trimmed; cut to 32 characters.
 */
export function normalizeHandle(input: string): string {
  return input
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, HANDLE_MAX_LENGTH);
}
