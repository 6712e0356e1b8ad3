import { z } from 'zod';

export const Health = z.object({ ok: z.literal(true), database: z.enum(['pglite', 'postgres']), build: z.string() });
export type Health = z.infer<typeof Health>;
