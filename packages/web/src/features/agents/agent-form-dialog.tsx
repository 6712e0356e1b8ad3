import {
  AGENT_CATEGORIES,
  AGENT_COLORS,
  AGENT_LIMITS,
  type Agent,
  type AgentCategory,
  type AgentColor,
  CATEGORY_LABELS,
  CreateAgent,
} from '@flowmind/shared/agents';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { DialogFooter } from '../../components/ui/dialog';
import { FormDialog } from '../../components/ui/form-dialog';
import { Field, FormError } from '../../components/ui/form-field';
import { Input, NativeSelect, Textarea } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useAiModels } from '../ai/use-ai-models';
import { ChatModelPicker } from '../chat/chat-model-picker';
import { AGENT_COLOR_CLASSES, AgentAvatar } from './agent-avatar';
import { AgentToolsPicker, useAgentResources } from './agent-tools-picker';
import { agentsApi } from './agents-api';

type Draft = {
  name: string;
  avatar: string;
  color: AgentColor;
  description: string;
  instructions: string;
  model: string;
  category: AgentCategory;
  starterPrompts: string[];
  tools: string[];
};

const blankPrompts = (prompts: string[]) => [...prompts, '', '', '', ''].slice(0, AGENT_LIMITS.starterPrompts);

function draftOf(agent: Agent | null): Draft {
  return {
    name: agent?.name ?? '',
    avatar: agent?.avatar ?? '',
    color: agent?.color ?? 'violet',
    description: agent?.description ?? '',
    instructions: agent?.instructions ?? '',
    model: agent?.model ?? '',
    category: agent?.category ?? 'productivity',
    starterPrompts: blankPrompts(agent?.starterPrompts ?? []),
    tools: agent?.tools ?? [],
  };
}

/** Makes a new agent in the account, or edits `agent`. */
export function AgentFormDialog({
  open,
  onOpenChange,
  accountId,
  agent,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accountId: string;
  agent: Agent | null;
  onSaved: (agent: Agent) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={agent ? `Edit ${agent.name}` : 'Create an agent'}
      description="An agent is the assistant with your instructions, a name and a face."
      className="max-w-2xl"
    >
      {(close) => (
        <AgentForm
          accountId={accountId}
          agent={agent}
          onSaved={(saved) => {
            onSaved(saved);
            close();
          }}
          onCancel={close}
        />
      )}
    </FormDialog>
  );
}

function AgentForm({
  accountId,
  agent,
  onSaved,
  onCancel,
}: {
  accountId: string;
  agent: Agent | null;
  onSaved: (agent: Agent) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(agent));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const models = useAiModels(accountId);
  // Flows, tables and notes deleted since they were chosen are left out when it saves.
  const resources = useAgentResources(accountId, draft.tools);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = {
      accountId,
      name: draft.name,
      avatar: draft.avatar,
      color: draft.color,
      description: draft.description,
      instructions: draft.instructions,
      model: draft.model.trim() || null,
      category: draft.category,
      starterPrompts: draft.starterPrompts.map((prompt) => prompt.trim()).filter(Boolean),
      tools: draft.tools.filter((tool) => !resources.missing.includes(tool)),
    };
    const parsed = CreateAgent.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    setServerError(null);
    setPending(true);
    try {
      const { accountId: _account, ...fields } = input;
      onSaved(agent ? await agentsApi.update(agent.id, fields) : await agentsApi.create(input));
    } catch (failure) {
      setServerError(errorMessage(failure, 'Could not save the agent'));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="flex items-start gap-3">
        <AgentAvatar agent={{ name: draft.name, avatar: draft.avatar, color: draft.color }} size="lg" />
        <div className="grid flex-1 gap-3 sm:grid-cols-[1fr_7rem]">
          <Field label="Name" error={errors.name}>
            {(props) => (
              <Input
                {...props}
                autoFocus
                maxLength={AGENT_LIMITS.name}
                value={draft.name}
                onChange={(event) => set('name', event.target.value)}
                placeholder="Haiku helper"
              />
            )}
          </Field>
          <Field label="Emoji" error={errors.avatar}>
            {(props) => (
              <Input
                {...props}
                value={draft.avatar}
                maxLength={AGENT_LIMITS.avatar}
                onChange={(event) => set('avatar', event.target.value)}
                placeholder="🌸"
              />
            )}
          </Field>
        </div>
      </div>
      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 font-medium text-[13px]">Colour</legend>
        <div className="flex flex-wrap gap-2">
          {AGENT_COLORS.map((color) => (
            <label key={color} className="cursor-pointer">
              <input
                type="radio"
                name="agent-color"
                value={color}
                checked={draft.color === color}
                onChange={() => set('color', color)}
                className="peer sr-only"
                aria-label={color}
              />
              <span
                className={cn(
                  'block size-7 rounded-full ring-offset-2 ring-offset-background peer-checked:ring-2 peer-checked:ring-ring peer-focus-visible:ring-2 peer-focus-visible:ring-ring',
                  AGENT_COLOR_CLASSES[color],
                )}
              />
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <Field label="Description" hint="What it is good at, shown on its card." error={errors.description}>
          {(props) => (
            <Input
              {...props}
              value={draft.description}
              maxLength={AGENT_LIMITS.description}
              onChange={(event) => set('description', event.target.value)}
              placeholder="Turns anything into a haiku"
            />
          )}
        </Field>
        <Field label="Category">
          {(props) => (
            <NativeSelect
              {...props}
              className="w-full"
              value={draft.category}
              onChange={(event) => set('category', event.target.value as AgentCategory)}
            >
              {AGENT_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {CATEGORY_LABELS[category]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <Field
        label="Instructions"
        hint={
          agent?.basedOnAgentId
            ? 'It also follows the instructions of the agent it was copied from, which its creator keeps private. Add your own here.'
            : 'How it should answer. Kept private, even when the agent is published.'
        }
        error={errors.instructions}
      >
        {(props) => (
          <Textarea
            {...props}
            rows={5}
            value={draft.instructions}
            onChange={(event) => set('instructions', event.target.value)}
            placeholder="You answer every question as a haiku of 5, 7 and 5 syllables."
          />
        )}
      </Field>
      <fieldset className="grid gap-2">
        <legend className="mb-1.5 font-medium text-[13px]">Starter prompts</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {draft.starterPrompts.map((prompt, index) => (
            <Input
              // biome-ignore lint/suspicious/noArrayIndexKey: four fixed slots
              key={index}
              aria-label={`Starter prompt ${index + 1}`}
              value={prompt}
              maxLength={AGENT_LIMITS.starterPrompt}
              onChange={(event) =>
                set(
                  'starterPrompts',
                  draft.starterPrompts.map((current, at) => (at === index ? event.target.value : current)),
                )
              }
              placeholder={index === 0 ? 'Write a haiku about Mondays' : 'Optional'}
            />
          ))}
        </div>
      </fieldset>
      <AgentToolsPicker
        accountId={accountId}
        value={draft.tools}
        resources={resources}
        onChange={(tools) => set('tools', tools)}
        error={errors.tools}
      />
      <Field
        label="Model"
        hint={
          models.data && models.data.models.length === 0 ? (
            <>
              No model is set up yet.{' '}
              <Link to="/settings/ai" className="underline underline-offset-2 hover:text-foreground">
                Add one in Settings
              </Link>
              .
            </>
          ) : (
            'Who answers in its chats in this account. Elsewhere the chatting account’s model answers.'
          )
        }
        error={errors.model}
      >
        {(props) =>
          models.data ? (
            <ChatModelPicker
              {...props}
              size="md"
              className="w-full sm:w-full"
              models={models.data}
              value={draft.model || null}
              onChange={(ref) => set('model', ref ?? '')}
            />
          ) : models.isError ? (
            <p className="text-[13px] text-destructive">{errorMessage(models.error, 'Could not load the models')}</p>
          ) : (
            <Skeleton className="h-9 w-full" />
          )
        }
      </Field>
      <FormError>{serverError}</FormError>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          {agent ? 'Save' : 'Create agent'}
        </Button>
      </DialogFooter>
    </form>
  );
}
