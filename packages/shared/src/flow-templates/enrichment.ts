/** Templates that gather and enrich data: scraping, lead lookups, AI triage of records. Listed in `FLOW_TEMPLATES` (`../flow-templates`). */

import type { FlowTemplate } from '../flows';
import { edge, node, note, pickTableNote } from './template-parts';

export const JOB_LISTINGS_SCRAPER: FlowTemplate = {
  id: 'job-listings-scraper',
  name: 'Daily job listings into a table',
  description:
    'Every morning at 8:00, scrape a job board page and add each listing (title, company, location, link) to a table.',
  category: 'Scraping',
  triggerType: 'schedule',
  graph: {
    nodes: [
      node('schedule', 'trigger.schedule', 'Every morning', 0, { mode: 'cron', cron: '0 8 * * *', timezone: 'UTC' }),
      node('scrape', 'scrape', 'Scrape job board', 1, {
        url: 'https://example.com/jobs',
        itemSelector: '.job',
        fields: [
          { name: 'title', selector: '.job-title', attribute: '' },
          { name: 'company', selector: '.job-company', attribute: '' },
          { name: 'location', selector: '.job-location', attribute: '' },
          { name: 'url', selector: 'a', attribute: 'href' },
        ],
        limit: 100,
      }),
      node('save', 'table.records', 'Add to Jobs table', 2, {
        tableId: '',
        operation: 'create',
        values: [
          { name: 'Title', value: '{{ $json.title }}' },
          { name: 'Company', value: '{{ $json.company }}' },
          { name: 'Location', value: '{{ $json.location }}' },
          { name: 'Link', value: '{{ $json.url }}' },
        ],
      }),
    ],
    edges: [edge('schedule', 'scrape'), edge('scrape', 'save')],
    stickies: [
      note(
        'about-scrape',
        1,
        "**Point it at your job board.** Set the page URL, a CSS selector matching each listing, and one selector per field (use the browser's Inspect tool to find them).",
      ),
      pickTableNote('about-table', 2, 'Add to Jobs table'),
    ],
  },
};

export const LEAD_ENRICHMENT: FlowTemplate = {
  id: 'lead-enrichment',
  name: 'Enrich form leads',
  description:
    'Take form submissions from a webhook, clean them up with a code step (name, email, company domain, free-mail flag) and create or update the lead in a table.',
  category: 'Sales',
  triggerType: 'webhook',
  graph: {
    nodes: [
      node('webhook', 'trigger.webhook', 'Form submitted', 0, { method: 'POST', respond: 'immediately' }),
      node('enrich', 'code', 'Clean and enrich', 1, {
        code: [
          "const FREE_MAIL = ['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'icloud.com', 'proton.me'];",
          'return items.map((item) => {',
          '  const body = item.body ?? {};',
          "  const email = String(body.email ?? '').trim().toLowerCase();",
          "  const domain = email.includes('@') ? email.split('@')[1] : '';",
          "  const [firstName, ...rest] = String(body.name ?? '').trim().split(/\\s+/);",
          '  return {',
          '    email,',
          "    firstName: firstName ?? '',",
          "    lastName: rest.join(' '),",
          '    domain,',
          "    company: FREE_MAIL.includes(domain) ? '' : (body.company || domain.split('.')[0] || ''),",
          '    freeMail: FREE_MAIL.includes(domain),',
          '  };',
          '});',
          '',
        ].join('\n'),
      }),
      node('upsert', 'table.records', 'Create or update lead', 2, {
        tableId: '',
        operation: 'upsert',
        matchField: 'Email',
        values: [
          { name: 'Email', value: '{{ $json.email }}' },
          { name: 'First name', value: '{{ $json.firstName }}' },
          { name: 'Last name', value: '{{ $json.lastName }}' },
          { name: 'Company', value: '{{ $json.company }}' },
          { name: 'Free mail', value: '{{ $json.freeMail }}' },
        ],
      }),
    ],
    edges: [edge('webhook', 'enrich'), edge('enrich', 'upsert')],
    stickies: [
      note(
        'about-form',
        0,
        '**Send your form here.** Point your website form (or Typeform, Tally…) at the trigger’s URL with fields `name`, `email` and optionally `company`.',
      ),
      note(
        'about-table',
        2,
        '**Pick your Leads table** in "Create or update lead". It needs an Email field: a second submission with the same email updates that lead instead of adding another.',
        { color: 'blue' },
      ),
    ],
  },
};

export const TABLE_AI_TRIAGE: FlowTemplate = {
  id: 'table-ai-triage',
  name: 'Triage new records with AI',
  description:
    'When a record is added to a table (e.g. a support request), AI picks a category and priority and writes them back to the record.',
  category: 'AI',
  triggerType: 'table',
  graph: {
    nodes: [
      node('record', 'trigger.table', 'New record', 0, { tableId: '', event: 'created' }),
      node('classify', 'ai', 'Classify', 1, {
        prompt: 'Classify this request.\n\nSubject: {{ $json.fields.Subject }}\n\n{{ $json.fields.Description }}',
        system: 'Categories: billing, bug, question, feature request. Priority: low, normal, urgent.',
        output: 'json',
        schema:
          '{ "type": "object", "properties": { "category": { "type": "string" }, "priority": { "type": "string" } }, "required": ["category", "priority"] }',
        outputField: 'triage',
      }),
      node('update', 'table.records', 'Write back', 2, {
        tableId: '',
        operation: 'update',
        recordId: '{{ $json.id }}',
        values: [
          { name: 'Category', value: '{{ $json.triage.category }}' },
          { name: 'Priority', value: '{{ $json.triage.priority }}' },
        ],
      }),
    ],
    edges: [edge('record', 'classify'), edge('classify', 'update')],
    stickies: [
      note(
        'about-table',
        0,
        '**Pick the same table twice:** in the trigger (where records arrive) and in "Write back". It needs Subject, Description, Category and Priority fields.',
        { color: 'blue', width: 300 },
      ),
    ],
  },
};
