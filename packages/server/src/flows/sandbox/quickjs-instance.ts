import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSWASMModule, RELEASE_SYNC } from 'quickjs-emscripten';

/**
 * QuickJS instances with a hard cap on their WebAssembly memory.
 *
 * `runtime.setMemoryLimit()` alone does not bound memory in the prebuilt QuickJS builds: the
 * Emscripten malloc reports no usable size, so QuickJS counts an allocation's overhead and not its
 * bytes, and a loop of 1 MB strings grows the heap to 2 GB under a 64 MB limit
 * (justjake/quickjs-emscripten#255, #271). The build imports its memory, so each instance gets a
 * `WebAssembly.Memory` with a `maximum`: when the heap cannot grow, malloc fails and QuickJS throws
 * its own "out of memory", which the code that caused it sees and the host survives.
 */

const PAGE_BYTES = 65_536;
/** What the build starts with (its INITIAL_MEMORY): static data, the 5 MB C stack and the first heap. */
const BASE_MEMORY_BYTES = 16 * 1024 * 1024;

export type QuickJSInstance = {
  module: QuickJSWASMModule;
  /** Set after a host-level failure inside the instance (a V8 stack overflow or a trap mid-call): its state is unknown, so it is not used again. */
  broken: boolean;
};

let compiled: Promise<WebAssembly.Module> | undefined;

/** The QuickJS WebAssembly code, compiled once per process on first use. */
function compiledModule(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    // Resolved from quickjs-emscripten so we load the exact build its JavaScript side expects.
    const require = createRequire(createRequire(import.meta.url).resolve('quickjs-emscripten'));
    const bytes = await readFile(require.resolve('@jitl/quickjs-wasmfile-release-sync/wasm'));
    return WebAssembly.compile(bytes);
  })();
  compiled.catch(() => {
    compiled = undefined;
  });
  return compiled;
}

/** A new QuickJS instance whose heap (beyond the build's base memory) stays under `heapBytes`. */
export async function newCappedInstance(heapBytes: number): Promise<QuickJSInstance> {
  const wasmModule = await compiledModule();
  const maximumPages = Math.ceil((BASE_MEMORY_BYTES + heapBytes) / PAGE_BYTES);
  const variant = newVariant(RELEASE_SYNC, {
    wasmModule,
    wasmMemory: async () => new WebAssembly.Memory({ initial: BASE_MEMORY_BYTES / PAGE_BYTES, maximum: maximumPages }),
  });
  return { module: await newQuickJSWASMModuleFromVariant(variant), broken: false };
}

/**
 * Lazily creates an instance on first use and a new one after the current one broke, so one
 * failure does not take the sandbox down for later runs.
 */
export function instanceSlot(heapBytes: number): () => Promise<QuickJSInstance> {
  let current: Promise<QuickJSInstance> | undefined;
  return async () => {
    const seen = current;
    const instance = seen ? await seen.catch(() => undefined) : undefined;
    if (instance && !instance.broken) return instance;
    // Callers that found the same broken instance share one replacement.
    if (current === seen) current = newCappedInstance(heapBytes);
    return current!;
  };
}

/** A failure of the host's machinery rather than of the code in the VM. */
export function isHostFailure(error: unknown): boolean {
  return error instanceof RangeError || error instanceof WebAssembly.RuntimeError;
}

export function isHostStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}
