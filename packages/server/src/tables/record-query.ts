import { AppError } from '@flowmind/shared/errors';
import { FILTER_OPERATORS, filterKindOf } from '@flowmind/shared/table-filters';
import type { FilterCondition, FilterGroup, Sort } from '@flowmind/shared/table-queries';
import { isValidDate, NUMBER_LIKE_TYPES, TEXT_LIKE_TYPES } from '@flowmind/shared/table-values';
import type { Field } from '@flowmind/shared/tables';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Compiles filters, sorts, quick search and keyset cursors to SQL over `table_records r`. User
 * input only ever reaches the database as bound parameters; field ids are checked against the
 * table's fields before they are used in a jsonb path.
 */

type FieldMap = Map<string, Field>;

export const jsonValue = (field: Field) => sql`r.values -> ${field.id}::text`;
const textValue = (field: Field) => {
  if (field.type === 'created_by') return sql`r.created_by`;
  return sql`(r.values ->> ${field.id}::text)`;
};
export const numberValue = (field: Field) =>
  field.type === 'autonumber'
    ? sql`r.autonumber`
    : sql`(case when jsonb_typeof(r.values -> ${field.id}::text) = 'number' then (r.values ->> ${field.id}::text)::numeric end)`;
/** A date-like value as a calendar date in the field's time zone. */
function dayValue(field: Field): SQL {
  if (field.type === 'date') return sql`(r.values ->> ${field.id}::text)::date`;
  const zone = field.options.type === 'date_time' ? field.options.timeZone : 'UTC';
  const instant =
    field.type === 'created_time'
      ? sql`r.created_at`
      : field.type === 'updated_time'
        ? sql`r.updated_at`
        : sql`(r.values ->> ${field.id}::text)::timestamptz`;
  return sql`(${instant} at time zone ${zone}::text)::date`;
}
export const contains = (field: Field, json: unknown) =>
  sql`r.values @> ${JSON.stringify({ [field.id]: json })}::jsonb`;

export function isEmptySql(field: Field): SQL {
  if (field.type === 'autonumber' || field.type === 'created_time' || field.type === 'updated_time') return sql`false`;
  if (field.type === 'created_by') return sql`r.created_by is null`;
  return sql`coalesce(${jsonValue(field)}, 'null'::jsonb) in ('null'::jsonb, '""'::jsonb, '[]'::jsonb)`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function bad(message: string): never {
  throw new AppError('bad_request', message, 'filter');
}

function optionIds(field: Field, value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  const choices =
    field.options.type === 'single_select' || field.options.type === 'multi_select' ? field.options.choices : [];
  return list.map((item) => {
    if (typeof item !== 'string') bad(`${field.name}: filter values must be option ids`);
    if (field.type === 'link') return item;
    const choice =
      choices.find((c) => c.id === item) ?? choices.find((c) => c.name.toLowerCase() === item.toLowerCase());
    return choice ? choice.id : item;
  });
}

function compileCondition(condition: FilterCondition, fields: FieldMap): SQL {
  const field = fields.get(condition.fieldId);
  if (!field) bad(`Filter names an unknown field ${condition.fieldId}`);
  const { operator, value } = condition;
  const kind = filterKindOf(field.type);
  if (!kind || !FILTER_OPERATORS[kind].includes(operator)) bad(`${field.name} cannot be filtered with "${operator}"`);
  if (operator === 'is_empty') return isEmptySql(field);
  if (operator === 'is_not_empty') return sql`not (${isEmptySql(field)})`;
  // A condition without a value yet (still being typed in the UI) matches everything.
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0))
    return sql`true`;

  if (kind === 'text') {
    if (typeof value !== 'string' && typeof value !== 'number') bad(`${field.name}: filter value must be text`);
    const text = textValue(field);
    const needle = String(value);
    const like = escapeLike(needle);
    switch (operator) {
      case 'is':
        return sql`lower(${text}) = lower(${needle}::text)`;
      case 'is_not':
        return sql`(${text} is null or lower(${text}) <> lower(${needle}::text))`;
      case 'contains':
        return sql`${text} ilike ${`%${like}%`}::text`;
      case 'not_contains':
        return sql`(${text} is null or ${text} not ilike ${`%${like}%`}::text)`;
      case 'starts_with':
        return sql`${text} ilike ${`${like}%`}::text`;
      default:
        return sql`${text} ilike ${`%${like}`}::text`;
    }
  }
  if (kind === 'number') {
    if (typeof value !== 'number' || !Number.isFinite(value)) bad(`${field.name}: filter value must be a number`);
    const number = numberValue(field);
    const bound = sql`${String(value)}::numeric`;
    const ops: Record<string, SQL> = {
      eq: sql`${number} = ${bound}`,
      neq: sql`(${number} is null or ${number} <> ${bound})`,
      lt: sql`${number} < ${bound}`,
      lte: sql`${number} <= ${bound}`,
      gt: sql`${number} > ${bound}`,
      gte: sql`${number} >= ${bound}`,
    };
    return ops[operator] as SQL;
  }
  if (kind === 'date') {
    let day: string;
    if (typeof value === 'string' && isValidDate(value)) day = value;
    else if (typeof value === 'string' && !Number.isNaN(Date.parse(value)))
      day = new Date(Date.parse(value)).toISOString().slice(0, 10);
    else bad(`${field.name}: filter value must be a date (YYYY-MM-DD)`);
    const date = dayValue(field);
    const bound = sql`${day}::date`;
    const ops: Record<string, SQL> = {
      is: sql`${date} = ${bound}`,
      is_before: sql`${date} < ${bound}`,
      is_after: sql`${date} > ${bound}`,
      is_on_or_before: sql`${date} <= ${bound}`,
      is_on_or_after: sql`${date} >= ${bound}`,
    };
    return ops[operator] as SQL;
  }
  if (field.type === 'checkbox') {
    if (typeof value !== 'boolean') bad(`${field.name}: filter value must be true or false`);
    return value ? contains(field, true) : sql`not (${contains(field, true)})`;
  }
  const ids = optionIds(field, value);
  const anyOf = sql.join(
    ids.map((id) => contains(field, field.type === 'single_select' ? id : [id])),
    sql` or `,
  );
  switch (operator) {
    case 'is':
      return contains(field, ids[0]);
    case 'is_not':
      return sql`not (${contains(field, ids[0])})`;
    case 'is_any_of':
    case 'has_any_of':
      return sql`(${anyOf})`;
    case 'is_none_of':
    case 'has_none_of':
      return sql`not (${anyOf})`;
    default:
      return contains(field, ids);
  }
}

/**
 * `lenient` is for filters saved in a view: a condition that no longer fits (its field was deleted
 * or changed type) is skipped instead of failing the grid.
 */
export function compileFilter(group: FilterGroup, fields: FieldMap, { lenient = false, depth = 0 } = {}): SQL {
  if (depth > 5) bad('Filter groups nest at most 5 deep');
  if (group.conditions.length === 0) return sql`true`;
  const parts = group.conditions.map((c) => {
    if ('conjunction' in c) return compileFilter(c, fields, { lenient, depth: depth + 1 });
    if (!lenient) return compileCondition(c, fields);
    try {
      return compileCondition(c, fields);
    } catch (error) {
      if (error instanceof AppError) return sql`true`;
      throw error;
    }
  });
  return sql`(${sql.join(parts, group.conjunction === 'and' ? sql` and ` : sql` or `)})`;
}

export function compileSearch(search: string, fields: Field[]): SQL | null {
  const needle = search.trim();
  if (!needle) return null;
  const pattern = `%${escapeLike(needle)}%`;
  const parts: SQL[] = [];
  for (const field of fields) {
    if (TEXT_LIKE_TYPES.includes(field.type)) parts.push(sql`(r.values ->> ${field.id}::text) ilike ${pattern}::text`);
    if (NUMBER_LIKE_TYPES.includes(field.type) && field.type !== 'autonumber' && /^-?[\d.]+$/.test(needle))
      parts.push(sql`(r.values ->> ${field.id}::text) like ${pattern}::text`);
    if (field.options.type === 'single_select' || field.options.type === 'multi_select') {
      const lower = needle.toLowerCase();
      for (const choice of field.options.choices.filter((c) => c.name.toLowerCase().includes(lower)).slice(0, 50)) {
        parts.push(contains(field, field.type === 'single_select' ? choice.id : [choice.id]));
      }
    }
  }
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

/** A sort key: its SQL expression and the type its cursor value is cast back to. */
export type SortKey = { expr: SQL; cast: SQL; direction: 'asc' | 'desc' };

function sortExpression(field: Field): { expr: SQL; cast: SQL } {
  if (field.type === 'autonumber') return { expr: sql`r.autonumber`, cast: sql`bigint` };
  if (field.type === 'created_time') return { expr: sql`r.created_at`, cast: sql`timestamptz` };
  if (field.type === 'updated_time') return { expr: sql`r.updated_at`, cast: sql`timestamptz` };
  if (NUMBER_LIKE_TYPES.includes(field.type)) return { expr: numberValue(field), cast: sql`numeric` };
  // Dates and instants are stored as fixed-width ISO text (YYYY-MM-DD, toISOString), so byte order is
  // time order; sorting the text keeps the expression immutable, which an index needs (a ::date or
  // ::timestamptz cast depends on the session's settings).
  if (field.type === 'date' || field.type === 'date_time')
    return { expr: sql`((r.values ->> ${field.id}::text) collate "C")`, cast: sql`text` };
  if (field.type === 'checkbox')
    return {
      expr: sql`(case when r.values @> ${JSON.stringify({ [field.id]: true })}::jsonb then 1 else 0 end)`,
      cast: sql`int`,
    };
  if (field.options.type === 'single_select' || field.options.type === 'multi_select') {
    // By option order, as the user arranged the options; a multi select by its first option.
    const path = field.type === 'multi_select' ? sql`(r.values -> ${field.id}::text ->> 0)` : textValue(field);
    const whens = field.options.choices.map((c, i) => sql`when ${c.id}::text then ${i}::int`);
    return {
      expr: whens.length ? sql`(case ${path} ${sql.join(whens, sql` `)} end)` : sql`(null::int)`,
      cast: sql`int`,
    };
  }
  if (field.type === 'created_by') return { expr: sql`r.created_by`, cast: sql`text` };
  return { expr: sql`lower(r.values ->> ${field.id}::text)`, cast: sql`text` };
}

const SORTABLE = (field: Field | undefined) =>
  field !== undefined && !['formula', 'lookup', 'rollup', 'attachment'].includes(field.type);

export function compileSorts(sorts: Sort[], fields: FieldMap, { lenient = false } = {}): SortKey[] {
  const usable = lenient ? sorts.filter((s) => SORTABLE(fields.get(s.fieldId))) : sorts;
  return usable.map((sort) => {
    const field = fields.get(sort.fieldId);
    if (!field) throw new AppError('bad_request', `Sort names an unknown field ${sort.fieldId}`, 'sort');
    if (['formula', 'lookup', 'rollup', 'attachment'].includes(field.type))
      throw new AppError('bad_request', `${field.name} cannot be sorted`, 'sort');
    return { ...sortExpression(field), direction: sort.direction };
  });
}

export function orderBy(keys: SortKey[]): SQL {
  const parts = keys.map((k) =>
    k.direction === 'asc' ? sql`${k.expr} asc nulls last` : sql`${k.expr} desc nulls last`,
  );
  parts.push(sql`r.autonumber asc`);
  return sql.join(parts, sql`, `);
}

/**
 * Rows after the cursor row in (keys…, autonumber) order, with empties last in both directions.
 * Built as the usual expanded OR chain so it works for mixed directions.
 */
export function afterCursor(keys: SortKey[], values: (string | null)[], autonumber: number): SQL {
  const ors: SQL[] = [];
  const equal: SQL[] = [];
  keys.forEach((key, i) => {
    const value = values[i] ?? null;
    const bound = value === null ? null : sql`${value}::text::${key.cast}`;
    if (bound !== null) {
      const beyond = key.direction === 'asc' ? sql`${key.expr} > ${bound}` : sql`${key.expr} < ${bound}`;
      ors.push(sql.join([...equal, sql`(${beyond} or ${key.expr} is null)`], sql` and `));
      equal.push(sql`${key.expr} = ${bound}`);
    } else {
      equal.push(sql`${key.expr} is null`);
    }
  });
  ors.push(sql.join([...equal, sql`r.autonumber > ${autonumber}`], sql` and `));
  return sql`(${sql.join(
    ors.map((o) => sql`(${o})`),
    sql` or `,
  )})`;
}

export type Cursor = { v: (string | null)[]; a: number };
export const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
export function decodeCursor(raw: string, keyCount: number): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(raw, 'base64url').toString()) as Cursor;
    if (
      Array.isArray(cursor.v) &&
      cursor.v.length === keyCount &&
      cursor.v.every((v) => v === null || typeof v === 'string') &&
      Number.isInteger(cursor.a)
    )
      return cursor;
  } catch {
    // fall through
  }
  throw new AppError('bad_request', 'The cursor does not fit this query', 'cursor');
}
