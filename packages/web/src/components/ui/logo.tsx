import { Link } from 'react-router';
import { cn } from '../../lib/cn';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" fill="none" className={cn('shrink-0', className ?? 'size-7')} aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#4F1DED" />
      <path d="M9 10.5h9.5M9 16h6M9 10.5V22" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <circle cx="22" cy="16" r="3" fill="#C9B8FF" />
      <path d="M15 16h4" stroke="#C9B8FF" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** The mark and the word, linking home. */
export function Logo({ to = '/', className }: { to?: string; className?: string }) {
  return (
    <Link to={to} className={cn('inline-flex items-center gap-2 rounded-md font-semibold text-[15px]', className)}>
      <LogoMark />
      <span>Flowmind</span>
    </Link>
  );
}
