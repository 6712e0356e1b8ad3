import type { FormSubmitted, PublicForm, SubmitForm } from '@flowmind/shared/table-forms';
import type { CreateView, View } from '@flowmind/shared/table-views';
import { api } from '../../lib/api';

const viewsPath = (tableId: string) => `/api/tables/${encodeURIComponent(tableId)}/views`;
const formPath = (publicId: string) => `/api/forms/${encodeURIComponent(publicId)}`;

/** Creating and removing views, and the public form calls (open to signed-out visitors). */
export const viewsApi = {
  create: ({ tableId, input }: { tableId: string; input: CreateView }) =>
    api<View>(viewsPath(tableId), { method: 'POST', body: input }),
  remove: ({ tableId, viewId }: { tableId: string; viewId: string }) =>
    api<void>(`${viewsPath(tableId)}/${encodeURIComponent(viewId)}`, { method: 'DELETE' }),

  publicForm: (publicId: string) => api<PublicForm>(formPath(publicId)),
  submitForm: ({ publicId, input }: { publicId: string; input: SubmitForm }) =>
    api<FormSubmitted>(`${formPath(publicId)}/submit`, { method: 'POST', body: input }),
};
