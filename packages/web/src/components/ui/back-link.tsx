import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/**
 * The way out of a full-screen page (an editor, the assistant): an arrow, named for assistive technology,
 * and the place's name once the bar has room for it (`textClassName` says from which width).
 */
export function BackLink({
  to,
  label,
  text,
  textClassName = 'hidden sm:inline',
}: {
  to: string;
  label: string;
  text: string;
  textClassName?: string;
}) {
  return (
    <Link
      to={to}
      aria-label={label}
      className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-muted-foreground text-sm hover:bg-accent hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      <span className={textClassName}>{text}</span>
    </Link>
  );
}
