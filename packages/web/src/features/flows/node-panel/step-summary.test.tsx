import type { ExecutionStep } from '@flowmind/shared/flows';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StepSummary } from './step-summary';

const step = (over: Partial<ExecutionStep>): ExecutionStep => ({
  id: 's',
  nodeId: 'h',
  nodeName: 'Charge',
  nodeType: 'http.request',
  runIndex: 0,
  status: 'succeeded',
  input: {},
  output: null,
  logs: [],
  error: null,
  attempts: 1,
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: null,
  durationMs: null,
  ...over,
});

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('StepSummary', () => {
  it('shows a step interrupted in flight as failed with its message and attempts', () => {
    const message = 'Interrupted, may have been sent: the server stopped while this step was running.';
    const shown = text(renderToStaticMarkup(<StepSummary step={step({ status: 'failed', error: message })} />));
    expect(shown).toContain('failed');
    expect(shown).toContain('1 attempt');
    expect(shown).toContain(message);
  });

  it('shows which attempt a step that started is on', () => {
    const shown = text(renderToStaticMarkup(<StepSummary step={step({ status: 'started', attempts: 2 })} />));
    expect(shown).toContain('started');
    expect(shown).toContain('attempt 2, in flight');
  });
});
