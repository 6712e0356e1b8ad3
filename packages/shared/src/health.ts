import { z } from 'zod';

export const Health = z.object({ ok: z.literal(true), database: z.enum(['embedded', 'postgres']), build: z.string() });
export type Health = z.infer<typeof Health>;
