import { StepError } from './step';

const MB = 1024 * 1024;

/**
 * A response body as bytes, refusing past `maxBytes` without holding more than that in memory,
 * so one flow cannot exhaust the worker by fetching a huge file.
 */
export async function readBody(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  const tooLarge = () => new StepError(`The response is larger than ${maxBytes / MB} MB, the most a step reads`);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The charset a Content-Type header names, if any. */
export function charsetOf(contentType: string): string | undefined {
  return /charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1];
}

/** Text in the response's declared charset (UTF-8 when none or unknown). */
export function decodeText(bytes: Buffer, contentType: string): string {
  const charset = charsetOf(contentType) ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}
