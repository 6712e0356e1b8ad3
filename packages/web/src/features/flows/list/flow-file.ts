import { FlowExport } from '@flowmind/shared/flows';

export type FlowFileResult = { ok: true; file: FlowExport } | { ok: false; error: string };

/** Files larger than this are not flow exports (300 steps with long code stay well under it). */
export const FLOW_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** Reads an exported flow file's text into a `FlowExport`, or says in words what is wrong with it. */
export function parseFlowFile(text: string): FlowFileResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'This file is not JSON. Choose a file exported from Flowmind (.flow.json).' };
  }
  if (typeof json !== 'object' || json === null || (json as { flowmind?: unknown }).flowmind !== 'flow')
    return { ok: false, error: 'This JSON file is not a Flowmind flow export.' };
  if ((json as { version?: unknown }).version !== 1)
    return { ok: false, error: 'This flow was exported by a newer or unknown version of Flowmind.' };
  const parsed = FlowExport.safeParse(json);
  if (parsed.success) return { ok: true, file: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? ` (at ${issue.path.join('.')})` : '';
  return { ok: false, error: `The flow in this file is not valid: ${issue?.message ?? 'unknown problem'}${where}.` };
}

/** A file name for an export, like the server's `content-disposition`. */
export function flowFileName(name: string): string {
  return `${name.replace(/[^\w .-]+/g, '').trim() || 'flow'}.flow.json`;
}
