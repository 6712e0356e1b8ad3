import { NOTION_SCOPES, notionInfo } from '@flowmind/shared/integrations/notion';
import { createIntegration } from '../define-integration';
import { appendContent } from './append-content';
import { createPage } from './create-page';
import { databaseItemTrigger } from './database-item';
import { callNotion } from './notion-client';
import { notionOAuth } from './notion-oauth';
import { queryDatabase } from './query-database';
import { notionSearch, search } from './search';
import { updatePage } from './update-page';

const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);

/** Notion: a workspace connected through OAuth (a bot token with what people shared), in flows and agents. */
export const notionIntegration = createIntegration(notionInfo, {
  auth: { kind: 'oauth2', scopes: NOTION_SCOPES, oauth: notionOAuth },
  actions: [search, createPage, updatePage, appendContent, queryDatabase],
  triggers: [databaseItemTrigger],
  options: {
    databases: async (ctx) =>
      (await notionSearch(ctx, { objectType: 'database', limit: 1000 }))
        .map((found) => ({ value: found.id, label: found.title || 'Untitled' }))
        .sort(byLabel),
    pages: async (ctx) =>
      (await notionSearch(ctx, { objectType: 'page', limit: 1000 }))
        .map((found) => ({ value: found.id, label: found.title || 'Untitled' }))
        .sort(byLabel),
  },
  check: async (ctx) => {
    const me = await callNotion(ctx, (client) => client.users.me({}));
    const workspace = me.type === 'bot' && 'workspace_name' in me.bot ? me.bot.workspace_name : null;
    return workspace || me.name || 'Notion';
  },
});
