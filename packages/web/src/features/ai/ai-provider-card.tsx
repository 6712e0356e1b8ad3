import type { AiProvider, AiProviderTestResult } from '@flowmind/shared/ai';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, KeyRound, Pencil, Server, Trash2, XCircle, Zap } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { aiApi } from './ai-api';
import { kindLabels } from './ai-provider-form';

/** One provider: what it is, its models, and (for the account's own) test, edit and delete. */
export function AiProviderCard({
  provider,
  accountId,
  canManage,
  onEdit,
  onDelete,
}: {
  provider: AiProvider;
  accountId: string;
  canManage: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const test = useMutation({ mutationFn: () => aiApi.test({ accountId, providerId: provider.id }) });
  const result: AiProviderTestResult | null = test.error
    ? { ok: false, message: errorMessage(test.error) }
    : (test.data ?? null);
  const editable = canManage && !provider.fromEnvironment;
  return (
    <li aria-label={provider.name} className="rounded-xl border bg-background shadow-xs">
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:px-5">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="truncate font-semibold text-[15px]">{provider.name}</h3>
            <Badge>{kindLabels[provider.kind]}</Badge>
            {provider.fromEnvironment && (
              <Badge tone="primary">
                <Server className="size-3" aria-hidden="true" />
                From the server
              </Badge>
            )}
          </div>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-[13px] text-muted-foreground">
            <span className="break-all">{provider.baseUrl ?? 'api.anthropic.com'}</span>
            <span className="inline-flex items-center gap-1">
              <KeyRound className="size-3.5" aria-hidden="true" />
              {provider.hasApiKey ? 'Key saved' : 'No key'}
            </span>
          </p>
          <ul aria-label={`Models of ${provider.name}`} className="mt-2.5 flex flex-wrap gap-1.5">
            {provider.models.map((model) => (
              <li
                key={model}
                className="max-w-full truncate rounded-md border bg-surface px-2 py-0.5 font-mono text-[12px]"
              >
                {model}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex shrink-0 flex-wrap gap-1.5">
          <Button size="sm" variant="outline" pending={test.isPending} onClick={() => test.mutate()}>
            {!test.isPending && <Zap aria-hidden="true" />}
            Test
          </Button>
          {editable && (
            <>
              <Button size="sm" variant="outline" onClick={onEdit}>
                <Pencil aria-hidden="true" />
                Edit
              </Button>
              <Button size="icon-sm" variant="ghost" aria-label={`Delete ${provider.name}`} onClick={onDelete}>
                <Trash2 aria-hidden="true" />
              </Button>
            </>
          )}
        </div>
      </div>
      {result && !test.isPending && (
        <p
          role="status"
          className={cn(
            'flex items-start gap-2 border-t px-4 py-2.5 text-[13px] sm:px-5',
            result.ok ? 'bg-success-soft text-success' : 'bg-destructive-soft text-destructive',
          )}
        >
          {result.ok ? (
            <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          ) : (
            <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          )}
          <span className="min-w-0 break-words">{result.message}</span>
        </p>
      )}
    </li>
  );
}
