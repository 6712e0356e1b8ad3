import { type StepTypeInfo, stepType } from '@flowmind/shared/flow-steps';
import type { FlowNode } from '@flowmind/shared/flows';
import { Fragment } from 'react';
import { type Block, parseMarkdown, type Span } from './markdown';

/** The step type's description and docs, and the inputs and outputs it has. */
export function DocsTab({ node }: { node: FlowNode }) {
  const info = stepType(node.type);
  if (!info) return <p className="p-4 text-muted-foreground text-sm">No docs for “{node.type}”.</p>;
  const outputs = info.outputs(node.params ?? {});
  return (
    <div className="grid gap-4 p-4 text-sm leading-6">
      <p className="font-medium">{info.description}</p>
      <Markdown source={info.docs} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-md border bg-surface p-3 text-[13px]">
        <dt className="text-muted-foreground">Inputs</dt>
        <dd>{info.inputs.length ? <Handles names={info.inputs} /> : 'None: it starts the flow'}</dd>
        <dt className="text-muted-foreground">Outputs</dt>
        <dd>
          <Handles names={outputs} />
        </dd>
        <dt className="text-muted-foreground">Type</dt>
        <dd>
          <code className="font-mono text-[12px]">{info.type}</code>
        </dd>
        <SettingsDefaults info={info} />
      </dl>
    </div>
  );
}

function Handles({ names }: { names: readonly string[] }) {
  return (
    <span className="flex flex-wrap gap-1">
      {names.map((name) => (
        <code key={name} className="rounded bg-muted px-1.5 font-mono text-[12px]">
          {name}
        </code>
      ))}
    </span>
  );
}

function SettingsDefaults({ info }: { info: StepTypeInfo }) {
  const { timeoutMs, retries } = info.settings ?? {};
  if (timeoutMs === undefined && retries === undefined) return null;
  const parts = [
    timeoutMs !== undefined && `time limit ${timeoutMs / 1000} s`,
    retries !== undefined && `${retries} retry`,
  ];
  return (
    <>
      <dt className="text-muted-foreground">Defaults</dt>
      <dd>{parts.filter(Boolean).join(', ')}</dd>
    </>
  );
}

export function Markdown({ source }: { source: string }) {
  return (
    <div className="grid gap-3">
      {parseMarkdown(source).map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks of static docs
        <MarkdownBlock key={index} block={block} />
      ))}
    </div>
  );
}

function MarkdownBlock({ block }: { block: Block }) {
  if (block.kind === 'paragraph')
    return (
      <p>
        <Spans spans={block.spans} />
      </p>
    );
  const List = block.ordered ? 'ol' : 'ul';
  return (
    <List className={block.ordered ? 'list-decimal pl-5' : 'list-disc pl-5'}>
      {block.items.map((spans, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: items of static docs
        <li key={index}>
          <Spans spans={spans} />
        </li>
      ))}
    </List>
  );
}

function Spans({ spans }: { spans: Span[] }) {
  return spans.map((span, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: spans of static docs
    <Fragment key={index}>
      {span.kind === 'bold' ? (
        <strong className="font-semibold">{span.text}</strong>
      ) : span.kind === 'code' ? (
        <code className="rounded bg-muted px-1 py-0.5 font-mono text-[12px]">{span.text}</code>
      ) : (
        span.text
      )}
    </Fragment>
  ));
}
