import { HANDLE_CHECK_FAILED, HANDLE_MIN_LENGTH, HANDLE_TOO_SHORT, normalizeHandle } from '@flowmind/shared/handle';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { accountsApi } from './accounts-api';

export type HandleCheck =
  | { state: 'empty' }
  | { state: 'checking'; handle: string }
  | { state: 'available'; handle: string }
  | { state: 'unavailable'; handle: string; reason: string };

/** Spec §5: normalise; too short is decided here; otherwise ask the server; a failed call is "unavailable". */
export async function checkHandleAvailability(raw: string): Promise<{ available: boolean; reason?: string }> {
  const handle = normalizeHandle(raw);
  if (handle.length < HANDLE_MIN_LENGTH) return { available: false, reason: HANDLE_TOO_SHORT };
  try {
    const result = await accountsApi.checkHandle(handle);
    return { available: result.available, reason: result.reason };
  } catch (error) {
    console.error('checkHandleAvailability failed', error);
    return { available: false, reason: errorMessage(error, HANDLE_CHECK_FAILED) };
  }
}

/**
 * Live feedback for a handle field: the normalised handle at once, availability after the user pauses typing.
 * `skip` names a handle that needs no check (the user's current one).
 */
export function useHandleAvailability(raw: string, { skip }: { skip?: string } = {}): HandleCheck {
  const handle = normalizeHandle(raw);
  const debounced = useDebouncedValue(handle, 350);
  const tooShort = handle.length < HANDLE_MIN_LENGTH;
  const query = useQuery({
    queryKey: ['handle-availability', debounced],
    queryFn: () => checkHandleAvailability(debounced),
    enabled: !tooShort && debounced === handle && handle !== skip,
    staleTime: 10_000,
    retry: false,
  });
  if (!raw.trim()) return { state: 'empty' };
  if (tooShort) return { state: 'unavailable', handle, reason: HANDLE_TOO_SHORT };
  if (handle === skip) return { state: 'available', handle };
  if (debounced !== handle || !query.data) return { state: 'checking', handle };
  return query.data.available
    ? { state: 'available', handle }
    : { state: 'unavailable', handle, reason: query.data.reason ?? 'This handle is not available' };
}
