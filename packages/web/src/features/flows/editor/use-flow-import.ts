import { FlowExport, FlowGraph } from '@flowmind/shared/flows';
import { type ChangeEvent, useRef } from 'react';
import { errorMessage } from '../../../lib/api';
import { alerts } from '../../../shell/alert-store';

/**
 * Import from a JSON file (a Flowmind flow export, or a bare graph) into the draft, as one edit
 * that undo takes back. Gives the hidden file input's ref and change handler, and `choose` to open it.
 */
export function useFlowImport(onGraph: (graph: FlowGraph) => void) {
  const input = useRef<HTMLInputElement>(null);
  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const value = JSON.parse(await file.text()) as unknown;
      const asExport = FlowExport.safeParse(value);
      const asGraph = asExport.success ? null : FlowGraph.safeParse(value);
      const imported = asExport.success ? asExport.data.graph : asGraph?.success ? asGraph.data : null;
      if (!imported) throw new Error('This file is not a Flowmind flow export.');
      onGraph(imported);
      alerts.success(`Imported ${imported.nodes.length} steps. Undo (Ctrl+Z) brings the old draft back.`);
    } catch (failure) {
      alerts.error(errorMessage(failure, 'Could not read the file'));
    }
  };
  return { input, onChange, choose: () => input.current?.click() };
}

/** Lets the browser download what `url` answers (the server names the file). */
export function downloadFrom(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.click();
}
