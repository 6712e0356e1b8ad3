import type { FlowTemplate } from '@flowmind/shared/flows';
import { useMemo, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { StartOption } from './start-option';
import { triggerInfo } from './trigger-icon';
import { useFlowTemplates } from './use-flows';

/** The template cards of the create dialog, with a filter by category. */
export function TemplateGallery({
  selectedId,
  onSelect,
}: {
  selectedId: string | null;
  onSelect: (template: FlowTemplate) => void;
}) {
  const templates = useFlowTemplates({ enabled: true });
  const [category, setCategory] = useState<string | null>(null);
  const categories = useMemo(
    () => [...new Set((templates.data ?? []).map((template) => template.category))].sort(),
    [templates.data],
  );
  const shown = (templates.data ?? []).filter((template) => !category || template.category === category);

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="mr-1 font-medium text-[13px]">Templates</span>
        {categories.length > 1 &&
          [null, ...categories].map((value) => (
            <button
              key={value ?? 'all'}
              type="button"
              aria-pressed={category === value}
              onClick={() => setCategory(value)}
              className={cn(
                'h-7 rounded-full border px-3 text-xs transition-colors',
                category === value
                  ? 'border-primary bg-primary-soft font-medium text-primary-soft-foreground'
                  : 'bg-background text-muted-foreground hover:bg-accent',
              )}
            >
              {value ?? 'All'}
            </button>
          ))}
      </div>
      {templates.error ? (
        <div role="alert" className="rounded-lg border border-destructive/30 bg-destructive-soft p-3 text-sm">
          <p className="text-destructive">Could not load templates: {errorMessage(templates.error)}</p>
          <Button className="mt-2" size="sm" variant="outline" onClick={() => void templates.refetch()}>
            Try again
          </Button>
        </div>
      ) : templates.isPending ? (
        <div className="grid gap-3 sm:grid-cols-2" role="status" aria-label="Loading templates">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} className="h-28 rounded-lg" />
          ))}
        </div>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {shown.map((template) => {
            const trigger = triggerInfo(template.triggerType);
            return (
              <StartOption
                key={template.id}
                checked={selectedId === template.id}
                onSelect={() => onSelect(template)}
                icon={<trigger.icon className="size-4" aria-hidden="true" />}
                title={template.name}
                description={<span className="line-clamp-3">{template.description}</span>}
              >
                <span className="mt-0.5 flex flex-wrap items-center gap-1.5 text-[11px] text-muted-foreground">
                  <Badge>{template.category}</Badge>
                  {trigger.label} · {template.graph.nodes.length} steps
                </span>
              </StartOption>
            );
          })}
        </div>
      )}
    </div>
  );
}
