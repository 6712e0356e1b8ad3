import { z } from 'zod';
import type { ParamField } from '../flow-steps';
import { CONNECTION_PARAM, defineActionInfo, defineIntegrationInfo, defineTriggerInfo } from './define-integration';

/**
 * Notion in flows and agents: what each action asks for. The server runs them through
 * `@notionhq/client` (`packages/server/src/integrations/notion/`).
 */

/** Notion grants what the person shares with the integration at consent, not scopes. */
export const NOTION_SCOPES = [] as const;

const blankAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * A page or database id as Notion shows it: 32 hex digits, with or without dashes, or a link that
 * ends in one (`https://www.notion.so/Roadmap-1f2e…`), which is what people copy.
 */
export const NotionId = z
  .string()
  .trim()
  .transform((value) => {
    // A link's query is a view's id, not the page's: the id is the last 32 hex digits of the path.
    const hex = (value.split(/[?#]/)[0] ?? '').replace(/[-/]/g, '').match(/[0-9a-f]{32}$/i)?.[0] ?? '';
    return hex
      ? `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`.toLowerCase()
      : '';
  })
  .pipe(z.string().min(1, 'Give a Notion id (32 letters and digits) or a link to it'));

const fromJsonText = (value: unknown) => {
  if (typeof value !== 'string') return value === null ? undefined : value;
  if (!value.trim()) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};
/** Property values by name: plain values (text, number, list of options, date) or Notion's own objects. */
const Properties = z.preprocess(
  fromJsonText,
  z.record(z.string().min(1), z.unknown(), { error: 'Give a JSON object of property names and values' }).optional(),
);
const Markdown = z.preprocess(blankAsMissing, z.string().max(100_000, 'Give at most 100,000 characters').optional());
const Limit = z.coerce.number().int().min(1).max(1000).default(100);

const databaseField: ParamField = {
  key: 'databaseId',
  label: 'Database',
  kind: 'connectionOption',
  connectionKey: CONNECTION_PARAM,
  list: 'databases',
  required: true,
  placeholder: 'A database id or link',
  help: 'Pick one the integration can see, or paste its id or link. Share it with the integration in Notion first.',
};
const pageField = (help: string): ParamField => ({
  key: 'pageId',
  label: 'Page',
  kind: 'connectionOption',
  connectionKey: CONNECTION_PARAM,
  list: 'pages',
  required: true,
  placeholder: 'A page id or link',
  help,
});
const propertiesField = (help: string): ParamField => ({
  key: 'properties',
  label: 'Properties',
  kind: 'json',
  placeholder: '{ "Status": "Done", "Tags": ["urgent"], "Due": "2026-05-01" }',
  help,
});
const contentField: ParamField = {
  key: 'content',
  label: 'Content',
  kind: 'textarea',
  placeholder: '## Notes\n\n- first point\n- second point',
  help: 'Markdown: paragraphs, # headings, - and 1. lists, > quotes, ``` code, **bold**, *italic*, `code` and [links](https://…).',
};

export const searchInfo = defineActionInfo({
  name: 'search',
  label: 'Search',
  description: 'Find pages and databases shared with the integration by title.',
  icon: 'search',
  writes: false,
  fields: [
    { key: 'query', label: 'Text', kind: 'text', placeholder: 'Roadmap', help: 'Empty lists everything shared.' },
    {
      key: 'objectType',
      label: 'Find',
      kind: 'select',
      options: [
        { value: 'all', label: 'Pages and databases' },
        { value: 'page', label: 'Pages' },
        { value: 'database', label: 'Databases' },
      ],
      default: 'all',
    },
    { key: 'limit', label: 'At most', kind: 'number', default: 100, min: 1, max: 1000 },
  ],
  input: z.object({
    query: z.preprocess(blankAsMissing, z.string().max(500).optional()),
    objectType: z.enum(['all', 'page', 'database']).default('all'),
    limit: Limit,
  }),
  docs: 'Searches the pages and databases people shared with the integration, by title. One item each: `id`, `object` (`page` or `database`), `title`, `url`, `lastEditedTime`.',
});

export const createPageInfo = defineActionInfo({
  name: 'createPage',
  label: 'Create page',
  description: 'Add a page to a database, with properties, or under a page; Markdown becomes its content.',
  icon: 'file-plus',
  writes: true,
  fields: [
    {
      key: 'parentType',
      label: 'Create in',
      kind: 'select',
      options: [
        { value: 'database', label: 'A database' },
        { value: 'page', label: 'A page' },
      ],
      default: 'database',
    },
    { ...databaseField, showIf: { key: 'parentType', equals: ['database'] } },
    {
      ...pageField('The page the new page goes under. Share it with the integration in Notion first.'),
      showIf: { key: 'parentType', equals: ['page'] },
    },
    { key: 'title', label: 'Title', kind: 'text', required: true, placeholder: 'Order {{ $json.body.order }}' },
    {
      ...propertiesField(
        'The database’s other properties, by name. Plain values are turned into each property’s type.',
      ),
      showIf: { key: 'parentType', equals: ['database'] },
    },
    contentField,
  ],
  input: z
    .object({
      parentType: z.enum(['database', 'page']).default('database'),
      databaseId: z.preprocess(blankAsMissing, NotionId.optional()),
      pageId: z.preprocess(blankAsMissing, NotionId.optional()),
      title: z.string().trim().min(1, 'Give a title').max(2000, 'Notion takes at most 2,000 characters'),
      properties: Properties,
      content: Markdown,
    })
    .superRefine((input, ctx) => {
      if (input.parentType === 'database' && !input.databaseId)
        ctx.addIssue({ code: 'custom', path: ['databaseId'], message: 'Choose a database' });
      if (input.parentType === 'page' && !input.pageId)
        ctx.addIssue({ code: 'custom', path: ['pageId'], message: 'Choose a page' });
    }),
  docs: [
    'Creates a page in a database (a new row, with its properties) or under a page.',
    '',
    '- **Properties**: a JSON object by property name. Give plain values: text, a number, `true`, an option’s name (or a list of them), a date (`2026-05-01`), an email, a link; or Notion’s own property objects.',
    '- **Content**: Markdown, turned into Notion blocks.',
    '',
    'Output: `id`, `url`, `title`.',
  ].join('\n'),
});

export const updatePageInfo = defineActionInfo({
  name: 'updatePage',
  label: 'Update page properties',
  description: 'Change properties of a page or database item.',
  icon: 'pencil',
  writes: true,
  fields: [
    pageField('The page or database item to change.'),
    {
      ...propertiesField('Property names and their new values. Plain values are turned into each property’s type.'),
      required: true,
    },
  ],
  input: z.object({
    pageId: NotionId,
    properties: z.preprocess(
      (value) => (value === undefined || value === null || value === '' ? '{}' : value),
      Properties.refine((value) => value && Object.keys(value).length > 0, 'Give at least one property'),
    ),
  }),
  docs: 'Sets the properties given, by name, and leaves the others. Output: `id`, `url`, `title`.',
});

export const appendContentInfo = defineActionInfo({
  name: 'appendContent',
  label: 'Append content',
  description: 'Add Markdown to the end of a page.',
  icon: 'list-plus',
  writes: true,
  fields: [pageField('The page to add to.'), { ...contentField, required: true }],
  input: z.object({
    pageId: NotionId,
    content: z.string().trim().min(1, 'Give the content to add').max(100_000, 'Give at most 100,000 characters'),
  }),
  docs: 'Turns the Markdown into Notion blocks and adds them at the end of the page. Output: `pageId`, `blocks` (how many were added).',
});

export const queryDatabaseInfo = defineActionInfo({
  name: 'queryDatabase',
  label: 'Query database',
  description: 'The items of a database, filtered and sorted as Notion does it.',
  icon: 'table',
  writes: false,
  fields: [
    databaseField,
    {
      key: 'filter',
      label: 'Filter',
      kind: 'json',
      placeholder: '{ "property": "Status", "status": { "equals": "Done" } }',
      help: 'A Notion filter object; empty gives every item.',
    },
    {
      key: 'sorts',
      label: 'Sort',
      kind: 'json',
      placeholder: '[{ "property": "Due", "direction": "ascending" }]',
      help: 'A list of Notion sort objects.',
    },
    { key: 'limit', label: 'At most', kind: 'number', default: 100, min: 1, max: 1000 },
  ],
  input: z.object({
    databaseId: NotionId,
    filter: z.preprocess(
      fromJsonText,
      z.record(z.string(), z.unknown(), { error: 'Give a JSON object, Notion’s filter' }).optional(),
    ),
    sorts: z.preprocess(
      fromJsonText,
      z.array(z.record(z.string(), z.unknown()), { error: 'Give a JSON list of Notion sort objects' }).optional(),
    ),
    limit: Limit,
  }),
  docs: 'One item per database item: `id`, `url`, `title` and `properties` with plain values by name (text, number, option names, dates as given by Notion).',
});

export const databaseItemInfo = defineTriggerInfo({
  name: 'databaseItem',
  label: 'New or changed database item',
  description: 'Start the flow when an item is added to a database, or changed.',
  icon: 'table-2',
  fields: [
    databaseField,
    {
      key: 'on',
      label: 'When',
      kind: 'select',
      options: [
        { value: 'new', label: 'An item is added' },
        { value: 'changed', label: 'An item is added or changed' },
      ],
      default: 'new',
    },
  ],
  input: z.object({
    databaseId: NotionId,
    on: z.enum(['new', 'changed'], { error: 'Choose added, or added or changed' }).default('new'),
  }),
  docs: 'The database is read every minute; one run per item, oldest first: `id`, `url`, `title`, `properties` (plain values by name), `createdTime`, `lastEditedTime` and `event` (`created` or `changed`). Items from before publishing are not sent. Notion gives edit times to the minute, so a change shows within about two minutes.',
});

export const notionInfo = defineIntegrationInfo({
  provider: 'notion',
  label: 'Notion',
  actions: [searchInfo, createPageInfo, updatePageInfo, appendContentInfo, queryDatabaseInfo],
  triggers: [databaseItemInfo],
});
