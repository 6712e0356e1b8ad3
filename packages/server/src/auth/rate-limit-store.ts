import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * One atomic upsert per request: counts within a fixed window and starts a new window once it has
 * passed. Kept in the database so that several api processes enforce one limit.
 */
export async function consumeRateLimit(
  db: Db,
  key: string,
  rule: { window: number; max: number },
): Promise<{ allowed: boolean; retryAfter: number | null }> {
  const now = Date.now();
  const windowMs = rule.window * 1000;
  const result = await db.execute<{ count: number; window_start: string | number }>(sql`
    insert into rate_limits (key, count, window_start) values (${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limits.window_start + ${windowMs} <= ${now} then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start + ${windowMs} <= ${now} then ${now} else rate_limits.window_start end
    returning count, window_start`);
  const row = (result as unknown as { rows: { count: number; window_start: string | number }[] }).rows[0];
  if (!row) return { allowed: true, retryAfter: null };
  if (row.count <= rule.max) return { allowed: true, retryAfter: null };
  const retryAfter = Math.max(1, Math.ceil((Number(row.window_start) + windowMs - now) / 1000));
  return { allowed: false, retryAfter };
}
