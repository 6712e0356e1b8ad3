import { CHAT_PUBLIC_ID_PREFIX } from '@flowmind/shared/chat';
import { NOTE_PUBLIC_ID_PREFIX } from '@flowmind/shared/notes';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { ShareUnavailable } from '../../components/share-unavailable';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { FillForm } from '../../features/tables/views/form/fill-form';
import { usePublicForm } from '../../features/tables/views/form/use-public-form';

// Notes bring the editor's code; a shared form should not have to load it.
const SharedNote = lazy(() => import('../../features/notes/shared-note').then((m) => ({ default: m.SharedNote })));
const SharedChat = lazy(() => import('../../features/chat/shared-chat').then((m) => ({ default: m.SharedChat })));

/** /share/{publicId}: a shared note, chat or form (told apart by the id's prefix), open to anyone with the link. */
export function SharePage() {
  const publicId = useParams().publicId as string;
  const isNote = publicId.startsWith(NOTE_PUBLIC_ID_PREFIX);
  const isChat = publicId.startsWith(CHAT_PUBLIC_ID_PREFIX);
  if (!isNote && !isChat) return <SharedForm publicId={publicId} />;
  return (
    <Suspense fallback={<div className="mx-auto h-40 w-full max-w-3xl animate-pulse rounded-xl bg-muted" />}>
      {isNote ? <SharedNote publicId={publicId} /> : <SharedChat publicId={publicId} />}
    </Suspense>
  );
}

function SharedForm({ publicId }: { publicId: string }) {
  const { form, submit } = usePublicForm(publicId);
  usePageHeader({ title: form.data?.title || 'Shared form', loading: form.isPending });

  if (form.error) return <ShareUnavailable error={form.error} what="form" />;
  return (
    <div className="mx-auto w-full max-w-xl rounded-xl border bg-background p-5 shadow-xs sm:p-8">
      {form.data ? (
        <FillForm form={form.data} onSubmit={submit} />
      ) : (
        <div className="grid gap-4" role="status" aria-busy="true" aria-label="Loading form">
          <div className="h-7 w-2/3 animate-pulse rounded bg-muted" />
          {[0, 1, 2].map((index) => (
            <div key={index} className="h-14 animate-pulse rounded bg-muted" />
          ))}
        </div>
      )}
    </div>
  );
}
