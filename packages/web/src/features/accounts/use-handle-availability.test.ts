import { HANDLE_CHECK_FAILED, HANDLE_TOO_SHORT } from '@flowmind/shared/handle';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { accountsApi } from './accounts-api';
import { checkHandleAvailability } from './use-handle-availability';

vi.mock('./accounts-api', () => ({ accountsApi: { checkHandle: vi.fn() } }));
const checkHandle = vi.mocked(accountsApi.checkHandle);

describe('checkHandleAvailability (spec §5)', () => {
  beforeEach(() => {
    checkHandle.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('refuses a handle shorter than 3 characters after normalising, without asking the server', async () => {
    expect(await checkHandleAvailability(' -A!- ')).toEqual({ available: false, reason: HANDLE_TOO_SHORT });
    expect(checkHandle).not.toHaveBeenCalled();
  });

  it('asks the server with the normalised handle', async () => {
    checkHandle.mockResolvedValue({ available: false, reason: 'This handle is already taken', handle: 'acme-co' });
    expect(await checkHandleAvailability('Acme & Co')).toEqual({
      available: false,
      reason: 'This handle is already taken',
    });
    expect(checkHandle).toHaveBeenCalledWith('acme-co');
  });

  it('reports a failed call with its message', async () => {
    checkHandle.mockRejectedValue(new Error('Too many requests, try again in a minute'));
    expect(await checkHandleAvailability('acme')).toEqual({
      available: false,
      reason: 'Too many requests, try again in a minute',
    });
  });

  it('falls back to the spec text when the failure has no message', async () => {
    checkHandle.mockRejectedValue(new Error(''));
    expect(await checkHandleAvailability('acme')).toEqual({ available: false, reason: HANDLE_CHECK_FAILED });
  });
});
