import { StepError } from '../../user-error';
import { inlineToRichText } from './markdown-to-blocks';

/**
 * Property values between a flow's plain values and Notion's typed objects, by the property's
 * type in the database (or on the page): `"Done"` becomes `{ status: { name: "Done" } }`.
 */

export type PropertySchema = Record<string, { type: string }>;

const plainText = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const names = (value: unknown): string[] =>
  (Array.isArray(value) ? value : plainText(value).split(',')).map((name) => String(name).trim()).filter(Boolean);

function toValue(name: string, type: string, value: unknown): unknown {
  // Notion's own property object (`{ "select": { "name": "x" } }`) passes as it is.
  if (value && typeof value === 'object' && !Array.isArray(value) && type in value)
    return (value as Record<string, unknown>)[type];
  switch (type) {
    case 'title':
    case 'rich_text':
      return inlineToRichText(plainText(value));
    case 'number': {
      if (value === null || value === '') return null;
      const number = Number(value);
      if (!Number.isFinite(number)) throw new StepError(`Notion: property "${name}" takes a number, not "${value}"`);
      return number;
    }
    case 'checkbox':
      return value === true || value === 'true' || value === 1;
    case 'select':
    case 'status':
      return value === null || value === '' ? null : { name: plainText(value) };
    case 'multi_select':
      return names(value).map((option) => ({ name: option }));
    case 'people':
    case 'relation':
      return names(value).map((id) => ({ id }));
    case 'date':
      if (value === null || value === '') return null;
      if (typeof value === 'object' && value && 'start' in value) return value;
      return { start: plainText(value) };
    case 'url':
    case 'email':
    case 'phone_number':
      return value === null || value === '' ? null : plainText(value);
    default:
      throw new StepError(`Notion: property "${name}" is a ${type} property, which a flow cannot set`);
  }
}

/** The properties to send, checked against the schema: an unknown name is named, with the known ones. */
export function toNotionProperties(schema: PropertySchema, values: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const property = schema[name];
    if (!property)
      throw new StepError(
        `Notion: there is no property "${name}" — check its name (${Object.keys(schema).join(', ') || 'none'})`,
      );
    out[name] = { [property.type]: toValue(name, property.type, value) };
  }
  return out;
}

/** The name of the title property (every database has one; a page under a page calls it "title"). */
export const titlePropertyOf = (schema: PropertySchema) =>
  Object.entries(schema).find(([, property]) => property.type === 'title')?.[0] ?? 'title';

type RichTextValue = { plain_text?: string }[];

/** A property as a flow reads it: text, a number, names, a date's start. */
export function fromNotionProperty(property: Record<string, unknown> & { type?: string }): unknown {
  const type = property.type ?? '';
  const value = property[type] as unknown;
  switch (type) {
    case 'title':
    case 'rich_text':
      return ((value as RichTextValue) ?? []).map((part) => part.plain_text ?? '').join('');
    case 'select':
    case 'status':
      return (value as { name?: string } | null)?.name ?? null;
    case 'multi_select':
      return ((value as { name?: string }[]) ?? []).map((option) => option.name ?? '');
    case 'people':
    case 'relation':
      return ((value as { id?: string }[]) ?? []).map((entry) => entry.id ?? '');
    case 'date':
      return (value as { start?: string } | null)?.start ?? null;
    case 'formula': {
      const formula = value as Record<string, unknown> & { type?: string };
      return formula?.[formula?.type ?? ''] ?? null;
    }
    case 'unique_id': {
      const id = value as { prefix?: string | null; number?: number | null };
      return id?.number == null ? null : id.prefix ? `${id.prefix}-${id.number}` : id.number;
    }
    default:
      return value ?? null;
  }
}

export function plainProperties(properties: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, fromNotionProperty(property as { type?: string })]),
  );
}

/** The page's title, from whichever property is its title. */
export function titleOf(properties: Record<string, unknown> | undefined): string {
  for (const property of Object.values(properties ?? {})) {
    const typed = property as { type?: string };
    if (typed.type === 'title') return String(fromNotionProperty(typed));
  }
  return '';
}
