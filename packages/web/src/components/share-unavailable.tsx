import { FileQuestion } from 'lucide-react';
import { ApiError, errorMessage } from '../lib/api';
import { ButtonLink } from './ui/button';
import { EmptyState } from './ui/empty-state';

/** A shared link (form, note, chat) that could not be opened: gone (404) or failing, with a way home. */
export function ShareUnavailable({ error, what }: { error: unknown; what: 'form' | 'note' | 'chat' }) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <EmptyState
      icon={FileQuestion}
      title={missing ? `This ${what} is not available` : `Could not load this ${what}`}
      description={
        missing
          ? 'The link may be mistyped, or its owner stopped sharing it.'
          : errorMessage(error, 'Try again in a moment.')
      }
      className="mx-auto w-full max-w-xl"
    >
      <ButtonLink to="/" variant="outline">
        Go to Flowmind
      </ButtonLink>
    </EmptyState>
  );
}
