import type { FlowEdge, FlowNode, StickyNote } from '../flows';

/** Steps go left to right, `STEP` apart; branches sit `BRANCH` above and below the main line. */
export const STEP = 300;
export const BRANCH = 140;

export const node = (
  id: string,
  type: string,
  name: string,
  column: number,
  params: Record<string, unknown>,
  row = 0,
): FlowNode => ({ id, type, name, position: { x: column * STEP, y: row * BRANCH }, params, settings: {} });

export const edge = (source: string, target: string, sourceHandle = 'main'): FlowEdge => ({
  id: `${source}-${sourceHandle}-${target}`,
  source,
  sourceHandle,
  target,
  targetHandle: 'main',
});

export const note = (
  id: string,
  column: number,
  text: string,
  {
    color = 'yellow',
    y = -220,
    width = 260,
    height = 150,
  }: Partial<Pick<StickyNote, 'color' | 'width' | 'height'>> & {
    y?: number;
  } = {},
): StickyNote => ({ id, position: { x: column * STEP, y }, width, height, text, color });

export const pickTableNote = (id: string, column: number, what: string, y?: number) =>
  note(
    id,
    column,
    `**Pick your table.** Open the "${what}" step and choose the table to write to; field names in Values must match the table's fields.`,
    { color: 'blue', y },
  );
