import { FormSubmitted, PublicForm, SubmitForm } from '@flowmind/shared/table-forms';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../http/errors';
import type { RouteDoc } from '../http/openapi';
import type { PublicFormService } from './public-form.service';

const FormParams = z.object({ publicId: z.string().min(1).max(64) });

/** Submissions a visitor (one IP) may send per minute; enough for a person, too few to flood a table. */
export const FORM_SUBMITS_PER_MINUTE = 20;

const open = (route: Omit<RouteDoc, 'tags' | 'public'>, max: number) => ({
  config: { doc: { tags: ['Forms'], public: true, ...route }, rateLimit: { max, timeWindow: '1 minute' } },
});

/** Public form links: no session, so a signed-out visitor can open and submit them. */
export function registerPublicFormRoutes(app: FastifyInstance, { forms }: { forms: PublicFormService }) {
  app.get(
    '/api/forms/:publicId',
    open(
      { summary: 'Get a shared form: its title, description and fields', params: FormParams, response: PublicForm },
      120,
    ),
    async (req) => forms.get(parse(FormParams, req.params).publicId),
  );
  app.post(
    '/api/forms/:publicId/submit',
    open(
      {
        summary: `Submit a shared form: creates one record (at most ${FORM_SUBMITS_PER_MINUTE} per minute per IP)`,
        params: FormParams,
        body: SubmitForm,
        response: FormSubmitted,
        status: 201,
      },
      FORM_SUBMITS_PER_MINUTE,
    ),
    async (req, reply) => {
      const { publicId } = parse(FormParams, req.params);
      const result = await forms.submit(publicId, parse(SubmitForm, req.body));
      reply.status(201);
      return result;
    },
  );
}
