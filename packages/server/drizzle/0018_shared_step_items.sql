-- A run packed into its execution's row writes items that several places share (the trigger's
-- items are the trigger step's output and the next step's input; a step's output is the next
-- one's input) once: the later places hold where they were first written, as
-- {"trigger": true} or {"step": i, "side": "input" | "output", "handle": h} instead of an array.
-- The view of step runs puts the items back.
CREATE FUNCTION "execution_step_items"(io jsonb, trigger jsonb, steps jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN io IS NULL OR jsonb_typeof(io) <> 'object' THEN nullif(io, 'null'::jsonb) ELSE coalesce((
    SELECT jsonb_object_agg(h.key, CASE
      WHEN jsonb_typeof(h.value) <> 'object' THEN h.value
      WHEN h.value ? 'trigger' THEN trigger
      ELSE steps -> ((h.value ->> 'step')::integer) -> (h.value ->> 'side') -> (h.value ->> 'handle') END)
    FROM jsonb_each(io) h), '{}'::jsonb) END
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
    p.step->>'error', coalesce((p.step->>'attempts')::integer, 1), (p.step->>'startedAt')::timestamptz,
    (p.step->>'finishedAt')::timestamptz, p.ord
  FROM "executions" e CROSS JOIN LATERAL jsonb_array_elements(e.steps) WITH ORDINALITY AS p(step, ord)
  WHERE e.steps IS NOT NULL;
