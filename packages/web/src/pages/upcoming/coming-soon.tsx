import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';

export type ComingSoonProps = {
  icon: LucideIcon;
  title: string;
  description: string;
  /** What the feature will let people do, shown as a short list. */
  plans?: string[];
  /** Real places to go meanwhile; never a button that does nothing. */
  links?: Array<{ label: string; to: string }>;
  children?: ReactNode;
};

/** The empty state of an area whose feature arrives in a later release. */
export function ComingSoon({ icon, title, description, plans, links, children }: ComingSoonProps) {
  return (
    <EmptyState
      icon={icon}
      title={
        <span className="inline-flex flex-wrap items-center justify-center gap-2">
          {title}
          <Badge tone="primary">Coming soon</Badge>
        </span>
      }
      description={description}
    >
      {plans && plans.length > 0 && (
        <ul className="mb-2 grid w-full max-w-sm gap-2 text-left text-sm">
          {plans.map((plan) => (
            <li key={plan} className="flex items-start gap-2 rounded-lg border bg-background px-3 py-2">
              <span className="mt-2 size-1.5 shrink-0 rounded-full bg-primary" aria-hidden="true" />
              {plan}
            </li>
          ))}
        </ul>
      )}
      {(links || children) && (
        <div className="flex w-full flex-wrap items-center justify-center gap-2">
          {links?.map((link, index) => (
            <Link
              key={link.to}
              to={link.to}
              className={buttonClasses({ variant: index === 0 ? 'primary' : 'outline', size: 'sm' })}
            >
              {link.label}
            </Link>
          ))}
          {children}
        </div>
      )}
    </EmptyState>
  );
}
