import { Plus } from 'lucide-react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { usePageHeaderState } from '../../features/page-header/page-header-store';
import { cn } from '../../lib/cn';
import { useIsLargeScreen } from '../../lib/use-media-query';

function useHeaderAction() {
  const { buttonAction } = usePageHeaderState();
  const navigate = useNavigate();
  if (!buttonAction) return null;
  return typeof buttonAction === 'string' ? () => navigate(buttonAction) : buttonAction;
}

const tabClasses = (active: boolean) =>
  cn(
    '-mb-px border-b-2 px-3 pb-2.5 font-medium text-[13px] transition-colors',
    active ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
  );

/** Title, description and the page's button; tabs appear on large screens when the page asks for them. */
export function PageHeaderBar() {
  const header = usePageHeaderState();
  const action = useHeaderAction();
  const isLarge = useIsLargeScreen();
  const hasButton = Boolean(header.buttonText && action);
  // On small screens the floating button replaces the header button, when the page allows one.
  const buttonInHeader = hasButton && (isLarge || !header.showFloatingButton);
  return (
    <div className="border-b bg-background">
      <div className="mx-auto flex max-w-6xl flex-wrap items-start justify-between gap-x-6 gap-y-3 px-4 pt-6 pb-5 sm:px-6 lg:px-8">
        <div className="min-w-0">
          {header.loading ? (
            <>
              <Skeleton className="h-7 w-48" />
              <Skeleton className="mt-2 h-4 w-72 max-w-full" />
            </>
          ) : (
            <>
              <h1 className="truncate font-semibold text-xl tracking-tight">{header.title}</h1>
              {header.description && <p className="mt-1 text-muted-foreground text-sm">{header.description}</p>}
            </>
          )}
        </div>
        {buttonInHeader && (
          <Button onClick={action ?? undefined}>
            <Plus aria-hidden="true" />
            {header.buttonText}
          </Button>
        )}
      </div>
      {header.showTabs && isLarge && header.tabs.length > 0 && (
        <nav aria-label="Page sections" className="mx-auto flex max-w-6xl gap-1 px-4 sm:px-6 lg:px-8">
          {header.tabs.map((tab) =>
            tab.active === undefined ? (
              <NavLink key={tab.to} to={tab.to} end={tab.end} className={({ isActive }) => tabClasses(isActive)}>
                {tab.label}
              </NavLink>
            ) : (
              <Link
                key={tab.to}
                to={tab.to}
                replace
                aria-current={tab.active ? 'page' : undefined}
                className={tabClasses(tab.active)}
              >
                {tab.label}
              </Link>
            ),
          )}
        </nav>
      )}
    </div>
  );
}

/** The page's button as a round button at the bottom right on phones and tablets. */
export function FloatingButton() {
  const header = usePageHeaderState();
  const action = useHeaderAction();
  const isLarge = useIsLargeScreen();
  if (isLarge || !header.showFloatingButton || !header.buttonText || !action) return null;
  return (
    <button
      type="button"
      onClick={action}
      aria-label={header.buttonText}
      className="fixed right-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-30 flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg hover:bg-primary-hover"
    >
      <Plus className="size-6" aria-hidden="true" />
    </button>
  );
}
