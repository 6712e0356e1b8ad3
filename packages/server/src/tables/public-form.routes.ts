import { FormSubmitted, PublicForm, SubmitForm } from '@flowmind/shared/table-forms';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesFor } from '../http/define-route';
import type { SessionReader } from '../http/session';
import type { PublicFormService } from './public-form.service';

const FormParams = z.object({ publicId: z.string().min(1).max(64) });

/** Submissions a visitor (one IP) may send per minute; enough for a person, too few to flood a table. */
export const FORM_SUBMITS_PER_MINUTE = 20;

const open = <const S extends object>(route: S, max: number) => ({
  tags: ['Forms'],
  public: true,
  auth: 'none' as const,
  config: { rateLimit: { max, timeWindow: '1 minute' } },
  ...route,
});

/** Public form links: no session, so a signed-out visitor can open and submit them. */
export function registerPublicFormRoutes(
  app: FastifyInstance,
  { session, forms }: { session: SessionReader; forms: PublicFormService },
) {
  const route = routesFor(app, session);
  route.get(
    '/api/forms/:publicId',
    open(
      { summary: 'Get a shared form: its title, description and fields', params: FormParams, response: PublicForm },
      120,
    ),
    ({ params }) => forms.get(params.publicId),
  );
  route.post(
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
    ({ params, body }) => forms.submit(params.publicId, body),
  );
}
