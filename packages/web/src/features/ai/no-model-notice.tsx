import { NO_MODEL_TEXT } from '@flowmind/shared/chat';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { useAiModels } from './use-ai-models';

/**
 * Says, before anything is sent, that the account has no AI model to answer with, and where to set one up.
 * Nothing while the models load or when there is one.
 */
export function NoModelNotice({
  accountId,
  who,
  className,
}: {
  accountId: string | null;
  /** Who would answer: "The assistant", or an agent's name. */
  who: string;
  className?: string;
}) {
  const models = useAiModels(accountId);
  if (!models.data || models.data.models.length > 0) return null;
  return (
    <div
      role="status"
      className={cn(
        'flex flex-wrap items-center gap-x-2 gap-y-1 bg-amber-50 px-4 py-2 text-amber-900 text-sm dark:bg-amber-950/40 dark:text-amber-200',
        className,
      )}
    >
      <span>
        {NO_MODEL_TEXT} {who} needs one to answer.
      </span>
      <Link to="/settings/ai" className="font-medium underline underline-offset-2">
        Set up an AI model in Settings
      </Link>
    </div>
  );
}
