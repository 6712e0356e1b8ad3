ALTER TABLE "executions" ADD COLUMN "steps" jsonb;--> statement-breakpoint
CREATE VIEW "execution_step_runs" AS
  SELECT s.id, s.execution_id, s.account_id, s.node_id, s.node_name, s.node_type, s.run_index, s.status,
    s.input, s.output, s.logs, s.error, s.attempts, s.started_at, s.finished_at, s.seq
  FROM "execution_steps" s
  UNION ALL
  SELECT p.step->>'id', e.id, e.account_id, p.step->>'nodeId', p.step->>'nodeName', p.step->>'nodeType',
    (p.step->>'runIndex')::integer, p.step->>'status', coalesce(p.step->'input', '{}'::jsonb),
    nullif(p.step->'output', 'null'::jsonb), coalesce(p.step->'logs', '[]'::jsonb), p.step->>'error',
    coalesce((p.step->>'attempts')::integer, 1), (p.step->>'startedAt')::timestamptz,
    (p.step->>'finishedAt')::timestamptz, p.ord
  FROM "executions" e CROSS JOIN LATERAL jsonb_array_elements(e.steps) WITH ORDINALITY AS p(step, ord)
  WHERE e.steps IS NOT NULL;
