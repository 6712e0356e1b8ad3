-- Packed step runs keep their times as milliseconds since 1970 (earlier ones as ISO text): the
-- view reads both.
CREATE FUNCTION "execution_step_time"(t jsonb) RETURNS timestamptz
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE jsonb_typeof(t) WHEN 'number' THEN to_timestamp((t #>> '{}')::float8 / 1000.0)
    WHEN 'string' THEN (t #>> '{}')::timestamptz END
$$;
--> statement-breakpoint
CREATE OR REPLACE VIEW "execution_step_runs" AS
  SELECT s.id, s.execution_id, s.account_id, s.node_id, s.node_name, s.node_type, s.run_index, s.status,
    s.input, s.output, s.logs, s.error, s.attempts, s.started_at, s.finished_at, s.seq
  FROM "execution_steps" s
  UNION ALL
  SELECT p.step->>'id', e.id, e.account_id, p.step->>'nodeId', p.step->>'nodeName', p.step->>'nodeType',
    (p.step->>'runIndex')::integer, p.step->>'status',
    coalesce(execution_step_items(p.step->'input', e.trigger, e.steps), '{}'::jsonb),
    execution_step_items(p.step->'output', e.trigger, e.steps), coalesce(p.step->'logs', '[]'::jsonb),
    p.step->>'error', coalesce((p.step->>'attempts')::integer, 1), execution_step_time(p.step->'startedAt'),
    execution_step_time(p.step->'finishedAt'), p.ord
  FROM "executions" e CROSS JOIN LATERAL jsonb_array_elements(e.steps) WITH ORDINALITY AS p(step, ord)
  WHERE e.steps IS NOT NULL;
