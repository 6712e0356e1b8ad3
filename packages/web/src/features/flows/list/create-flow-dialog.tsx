import type { Flow, FlowExport, FlowTemplate } from '@flowmind/shared/flows';
import { FileJson, FilePlus2, Upload } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogFooter } from '../../../components/ui/dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { Field, FormError } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { flowApi } from '../flow-api';
import { FLOW_FILE_MAX_BYTES, parseFlowFile } from './flow-file';
import { StartOption } from './start-option';
import { TemplateGallery } from './template-gallery';

type ImportedFile = { file: FlowExport; fileName: string };
type Start = { kind: 'blank' } | { kind: 'template'; template: FlowTemplate } | ({ kind: 'import' } & ImportedFile);

const BLANK_NAME = 'Untitled flow';

/** New flow: blank, from a template in the gallery, or from an exported JSON file. */
export function CreateFlowDialog({
  open,
  onOpenChange,
  accountId,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accountId: string | null;
  onCreated: (flow: Flow) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New flow"
      description="Start from a blank canvas, a template, or a flow exported as JSON."
      className="sm:max-w-3xl"
    >
      {(close) => <CreateFlowForm accountId={accountId} onCreated={onCreated} onCancel={close} />}
    </FormDialog>
  );
}

function defaultName(start: Start): string {
  if (start.kind === 'template') return start.template.name;
  if (start.kind === 'import') return start.file.name;
  return BLANK_NAME;
}

function CreateFlowForm({
  accountId,
  onCreated,
  onCancel,
}: {
  accountId: string | null;
  onCreated: (flow: Flow) => void;
  onCancel: () => void;
}) {
  const [start, setStart] = useState<Start>({ kind: 'blank' });
  const [name, setName] = useState('');
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const [imported, setImported] = useState<ImportedFile | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!accountId) {
      setServerError('No account is selected');
      return;
    }
    setPending(true);
    setServerError(null);
    try {
      const flow = await flowApi.create({
        accountId,
        name: (name.trim() || defaultName(start)).slice(0, 120),
        ...(start.kind === 'template' ? { templateId: start.template.id } : {}),
        ...(start.kind === 'import' ? { graph: start.file.graph, description: start.file.description } : {}),
      });
      onCreated(flow);
    } catch (failure) {
      setServerError(errorMessage(failure));
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <Field label="Name">
        {(props) => (
          <Input
            {...props}
            value={name}
            maxLength={120}
            placeholder={defaultName(start)}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>

      <fieldset className="grid gap-3">
        <legend className="mb-2 font-medium text-[13px]">Start from</legend>
        <div className="grid items-start gap-3 sm:grid-cols-2">
          <StartOption
            checked={start.kind === 'blank'}
            onSelect={() => setStart({ kind: 'blank' })}
            icon={<FilePlus2 className="size-4" aria-hidden="true" />}
            title="Blank flow"
            description="A manual trigger on an empty canvas."
          />
          <ImportOption
            imported={imported}
            checked={start.kind === 'import'}
            error={importError}
            onSelect={() => imported && setStart({ kind: 'import', ...imported })}
            onFile={(file, fileName) => {
              setImportError(null);
              setImported({ file, fileName });
              setStart({ kind: 'import', file, fileName });
            }}
            onError={(message) => {
              setImportError(message);
              setImported(null);
              if (start.kind === 'import') setStart({ kind: 'blank' });
            }}
          />
        </div>
        <TemplateGallery
          selectedId={start.kind === 'template' ? start.template.id : null}
          onSelect={(template) => setStart({ kind: 'template', template })}
        />
      </fieldset>

      <FormError>{serverError}</FormError>
      <DialogFooter className="sticky -bottom-5 -mx-5 -mb-5 border-t bg-popover px-5 py-3 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          Create flow
        </Button>
      </DialogFooter>
    </form>
  );
}

function ImportOption({
  imported,
  checked,
  error,
  onSelect,
  onFile,
  onError,
}: {
  imported: { file: FlowExport; fileName: string } | null;
  checked: boolean;
  error: string | null;
  onSelect: () => void;
  onFile: (file: FlowExport, fileName: string) => void;
  onError: (message: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);

  async function read(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    if (chosen.size > FLOW_FILE_MAX_BYTES) {
      onError('This file is too large to be a flow export.');
      return;
    }
    const result = parseFlowFile(await chosen.text());
    if (result.ok) onFile(result.file, chosen.name);
    else onError(result.error);
  }

  return (
    <div className="grid content-start gap-2">
      <StartOption
        checked={checked}
        selectable={imported !== null}
        onSelect={onSelect}
        icon={<FileJson className="size-4" aria-hidden="true" />}
        title="Import JSON"
        description={
          imported ? (
            <>
              <span className="font-medium text-foreground">{imported.fileName}</span> ·{' '}
              {imported.file.graph.nodes.length} steps
            </>
          ) : (
            'A flow exported from Flowmind (.flow.json).'
          )
        }
      >
        <Button
          size="sm"
          variant="outline"
          className="mt-1 justify-self-start"
          onClick={(event) => {
            event.preventDefault();
            input.current?.click();
          }}
        >
          <Upload aria-hidden="true" />
          {imported ? 'Choose another file' : 'Choose file'}
        </Button>
      </StartOption>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        aria-label="Import JSON file"
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => void read(event)}
      />
      {error && (
        <p role="alert" className="text-[13px] text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
