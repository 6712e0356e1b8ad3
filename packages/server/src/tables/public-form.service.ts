import { AppError } from '@flowmind/shared/errors';
import { type FormField, formFieldsOf, type PublicForm, type SubmitForm } from '@flowmind/shared/table-forms';
import { validateValue } from '@flowmind/shared/table-values';
import type { View } from '@flowmind/shared/table-views';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { type ChangeBus, topics } from '../live/change-bus';
import { insertAuthorless, reserveAutonumbers } from './record.repository';
import type { RecordEvent } from './record-event';
import { type TableRow, tableRepository, toView, valuesAsChanges } from './table.repository';
import { viewRepository } from './view.repository';

/** Marks history rows written by a public form (they have no user); the record panel names the source. */
export const PUBLIC_FORM_SOURCE = 'public_form';

const notAvailable = () => new AppError('not_found', 'This form is not available');

/**
 * Forms opened by anyone holding the link. The public id is the only key: it finds a form view whose
 * sharing is on, in a table not in the trash. Visitors see the form's title, description and
 * fields, never records, other fields or the account.
 */
export function publicFormService({
  db,
  bus,
  onRecords = () => {},
}: {
  db: Db;
  bus: ChangeBus;
  /** A submitted record is a created record (flows with a table trigger listen). */
  onRecords?: (event: RecordEvent) => void;
}) {
  const repo = tableRepository(db);
  const viewRepo = viewRepository(db);

  async function resolve(publicId: string): Promise<{ table: TableRow; view: View; fields: FormField[] }> {
    const row = await viewRepo.byPublicId(publicId);
    if (!row) throw notAvailable();
    const view = toView(row.view);
    // Turning sharing off keeps the id (turning it back on restores the same link), so the switch decides.
    if (view.type !== 'form' || !view.config.formPublic) throw notAvailable();
    const fields = formFieldsOf(await repo.fields(row.table.accountId, row.table.id), view.config);
    return { table: row.table, view, fields };
  }

  /** Values a visitor sent, checked against the form's own fields; the first problem names its field. */
  function checkSubmission(fields: FormField[], values: SubmitForm['values']) {
    const byId = new Map(fields.map((field) => [field.id, field]));
    const clean: Record<string, unknown> = {};
    for (const [fieldId, raw] of Object.entries(values)) {
      const field = byId.get(fieldId);
      if (!field)
        throw new AppError(
          'bad_request',
          'An answer is for a question that is not on this form (it may have been removed)',
          `values.${fieldId}`,
        );
      const result = validateValue(field, raw);
      if (!result.ok) throw new AppError('bad_request', result.message, `values.${fieldId}`);
      if (result.value !== null && result.value !== false) clean[fieldId] = result.value;
    }
    for (const field of fields) {
      if (field.required && clean[field.id] === undefined)
        throw new AppError('bad_request', `${field.name} is required`, `values.${field.id}`);
    }
    if (Object.keys(clean).length === 0) throw new AppError('bad_request', 'Fill in at least one field', 'values');
    return clean;
  }

  return {
    async get(publicId: string): Promise<PublicForm> {
      const { view, fields } = await resolve(publicId);
      return { title: view.config.formTitle || view.name, description: view.config.formDescription, fields };
    },

    /**
     * One new record with no author. Written here rather than through the record service because that
     * one starts from a member; a form record has no links (forms cannot collect them), so the
     * insert, the numbering and the history are all it needs.
     */
    async submit(publicId: string, input: SubmitForm): Promise<{ ok: true }> {
      const { table, view, fields } = await resolve(publicId);
      const values = checkSubmission(fields, input.values);
      const record = await db.transaction(async (tx) => {
        const autonumber = await reserveAutonumbers(tx, table, 1);
        const now = new Date();
        const id = newId('rec');
        await insertAuthorless(tx, {
          table,
          id,
          historyId: newId('rch'),
          values,
          autonumber,
          at: now,
          changes: valuesAsChanges(values, 'to'),
          snapshot: { source: PUBLIC_FORM_SOURCE, viewId: view.id },
        });
        return {
          id,
          tableId: table.id,
          values,
          autonumber,
          createdAt: now.toISOString(),
          createdBy: null,
          updatedAt: now.toISOString(),
          updatedBy: null,
        };
      });
      bus.publish([topics.table(table.id), topics.account(table.accountId)]);
      onRecords({ table, fields: await repo.fields(table.accountId, table.id), kind: 'created', records: [record] });
      return { ok: true };
    },
  };
}

export type PublicFormService = ReturnType<typeof publicFormService>;
