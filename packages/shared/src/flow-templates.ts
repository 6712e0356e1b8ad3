import { JOB_LISTINGS_SCRAPER, LEAD_ENRICHMENT, TABLE_AI_TRIAGE } from './flow-templates/enrichment';
import { EMAIL_INBOX_AI_SUMMARY, WEBHOOK_ECHO, WEBHOOK_LEAD_INTAKE } from './flow-templates/inbound';
import { API_POLL_EMAIL_DIGEST, DAILY_TABLE_REPORT } from './flow-templates/reports';
import type { FlowTemplate } from './flows';

/**
 * The gallery in the create dialog. Each graph must pass `FlowGraph` and `validateGraph`; the one
 * issue allowed is an empty table picker ("Table is required"): a template cannot know the account's
 * tables, so the user picks one after creating the flow and a sticky note on the canvas says so
 * (flow-templates.test.ts checks all of this).
 *
 * The templates live by theme in `flow-templates/`; this list is the gallery's order.
 */
export const FLOW_TEMPLATES: readonly FlowTemplate[] = [
  JOB_LISTINGS_SCRAPER,
  EMAIL_INBOX_AI_SUMMARY,
  WEBHOOK_LEAD_INTAKE,
  API_POLL_EMAIL_DIGEST,
  LEAD_ENRICHMENT,
  DAILY_TABLE_REPORT,
  TABLE_AI_TRIAGE,
  WEBHOOK_ECHO,
];
