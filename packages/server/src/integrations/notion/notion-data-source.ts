import { StepError } from '../../user-error';
import { callNotion, type NotionCallContext } from './notion-client';
import type { PropertySchema } from './notion-properties';

/**
 * A database's data source and its property schema. Notion's API (2025-09-03) keeps a database's
 * rows in data sources; the picker gives a data source's id, while a link copied from Notion has
 * the database's: either is accepted, the database's first data source standing for it.
 */
export async function dataSourceOf(
  ctx: NotionCallContext,
  id: string,
): Promise<{ dataSourceId: string; schema: PropertySchema }> {
  const asDataSource = await callNotion(ctx, (client) => client.dataSources.retrieve({ data_source_id: id })).catch(
    (error: unknown) => {
      if (error instanceof StepError && error.message.startsWith('Notion: object_not_found')) return null;
      throw error;
    },
  );
  if (asDataSource) return { dataSourceId: asDataSource.id, schema: asDataSource.properties as PropertySchema };
  const database = await callNotion(ctx, (client) => client.databases.retrieve({ database_id: id }));
  const first = 'data_sources' in database ? database.data_sources[0] : undefined;
  if (!first) throw new StepError('Notion: the database has no data source — choose another database');
  const dataSource = await callNotion(ctx, (client) => client.dataSources.retrieve({ data_source_id: first.id }));
  return { dataSourceId: dataSource.id, schema: dataSource.properties as PropertySchema };
}
