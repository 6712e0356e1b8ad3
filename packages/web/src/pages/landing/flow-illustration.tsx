import { Bot, Mail, MessageSquare, Table2 } from 'lucide-react';
import type { ReactNode } from 'react';

function Node({ icon, kind, title, detail }: { icon: ReactNode; kind: string; title: string; detail: string }) {
  return (
    <div className="relative w-full rounded-lg border bg-background p-3 shadow-sm sm:w-56">
      <div className="flex items-center gap-2">
        <span className="flex size-7 items-center justify-center rounded-md bg-primary-soft text-primary-soft-foreground">
          {icon}
        </span>
        <span className="font-medium text-[11px] text-muted-foreground uppercase tracking-wider">{kind}</span>
      </div>
      <p className="mt-2 font-medium text-sm">{title}</p>
      <p className="mt-0.5 text-muted-foreground text-xs">{detail}</p>
    </div>
  );
}

function Connector() {
  return (
    <div aria-hidden="true" className="flex items-center justify-center sm:w-10">
      <span className="h-5 w-px bg-primary/40 sm:h-px sm:w-full" />
    </div>
  );
}

/**
 * A drawing of what a flow looks like: each step is a node, data moves left to right. It illustrates the idea;
 * it shows no real data.
 */
export function FlowIllustration() {
  return (
    <figure
      aria-label="An example flow: an email arrives, an agent extracts the details, a table row is added and the team is notified."
      className="relative overflow-hidden rounded-2xl border bg-surface p-4 shadow-xl shadow-primary/5 sm:p-8"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(var(--border)_1px,transparent_1px)] [background-size:16px_16px] opacity-70"
      />
      <div className="relative flex flex-col items-stretch sm:flex-row sm:flex-wrap sm:items-center sm:justify-center lg:flex-nowrap">
        <Node icon={<Mail className="size-4" />} kind="Trigger" title="Email received" detail="support@ inbox" />
        <Connector />
        <Node
          icon={<Bot className="size-4" />}
          kind="Agent"
          title="Extract the request"
          detail="Name, company, intent"
        />
        <Connector />
        <Node icon={<Table2 className="size-4" />} kind="Table" title="Add a lead" detail="Leads · new record" />
        <Connector />
        <Node
          icon={<MessageSquare className="size-4" />}
          kind="Integration"
          title="Tell the team"
          detail="Post to #sales"
        />
      </div>
    </figure>
  );
}
