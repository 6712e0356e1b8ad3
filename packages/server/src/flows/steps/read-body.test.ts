import { describe, expect, it } from 'vitest';
import { charsetOf, decodeText, readBody } from './read-body';

const streamOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

describe('readBody', () => {
  it('reads a body under the limit', async () => {
    expect((await readBody(new Response(streamOf('abc', 'def')), 10)).toString()).toBe('abcdef');
    expect((await readBody(new Response(null, { status: 204 }), 10)).length).toBe(0);
  });

  it('stops reading once the body passes the limit', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    await expect(readBody(new Response(endless), 4 * 1024 * 1024)).rejects.toThrow(
      'The response is larger than 4 MB, the most a step reads',
    );
    expect(pulled).toBeLessThan(4 * 1024 + 10);
  });

  it('refuses at once a body whose declared length is over the limit', async () => {
    const response = new Response(streamOf('small'), { headers: { 'content-length': String(60 * 1024 * 1024) } });
    await expect(readBody(response, 50 * 1024 * 1024)).rejects.toThrow('The response is larger than 50 MB');
  });
});

describe('decodeText', () => {
  it('decodes in the declared charset, else UTF-8', () => {
    expect(charsetOf('text/html; charset="ISO-8859-1"')).toBe('ISO-8859-1');
    expect(decodeText(Buffer.from([0x63, 0x61, 0x66, 0xe9]), 'text/plain; charset=windows-1252')).toBe('café');
    expect(decodeText(Buffer.from('café'), 'application/json')).toBe('café');
    expect(decodeText(Buffer.from('café'), 'text/plain; charset=no-such-charset')).toBe('café');
  });
});
