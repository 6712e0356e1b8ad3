import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { LogoMark } from '../components/ui/logo';

/** Spec layout "auth": a calm page with the logo and a centred card. */
export function AuthLayout() {
  return (
    <div className="relative flex min-h-dvh flex-col items-center bg-surface px-4 py-10 sm:py-16">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-72 bg-[radial-gradient(60%_100%_at_50%_0%,color-mix(in_srgb,var(--primary)_10%,transparent),transparent)]"
      />
      <Link to="/" className="relative mb-8 inline-flex items-center gap-2 rounded-md font-semibold text-[17px]">
        <LogoMark className="size-8" />
        Flowmind
      </Link>
      <main id="main" className="relative w-full max-w-[400px]">
        <Outlet />
      </main>
      <p className="relative mt-8 text-center text-muted-foreground text-xs">
        <Link to="/terms" className="hover:text-foreground">
          Terms
        </Link>
        <span aria-hidden="true"> · </span>
        <Link to="/privacy" className="hover:text-foreground">
          Privacy
        </Link>
      </p>
    </div>
  );
}

/** The card every auth page sits in: a heading, a line of context, the content and a footer line. */
export function AuthCard({
  title,
  description,
  icon,
  children,
  footer,
}: {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div>
      <div className="rounded-xl border bg-background p-6 shadow-sm sm:p-8">
        {icon && (
          <div className="mb-4 flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
            {icon}
          </div>
        )}
        <h1 className="font-semibold text-xl tracking-tight">{title}</h1>
        {description && <div className="mt-1.5 text-muted-foreground text-sm">{description}</div>}
        {children && <div className="mt-6">{children}</div>}
      </div>
      {footer && <div className="mt-5 text-center text-muted-foreground text-sm">{footer}</div>}
    </div>
  );
}
