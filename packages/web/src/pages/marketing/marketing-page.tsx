import type { ReactNode } from 'react';

/** The shared frame of the public pages: an eyebrow, a headline, a lead paragraph, then the page's sections. */
export function MarketingPage({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <header className="border-b bg-surface">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-20">
          <p className="font-medium text-primary text-sm">{eyebrow}</p>
          <h1 className="mt-3 text-balance font-semibold text-3xl tracking-tight sm:text-4xl">{title}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-balance text-lg text-muted-foreground">{lead}</p>
        </div>
      </header>
      <div className="mx-auto max-w-4xl px-4 py-14 sm:px-6">{children}</div>
    </div>
  );
}

export function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border bg-background p-6 shadow-xs">
      <span className="flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground [&_svg]:size-5">
        {icon}
      </span>
      <h2 className="mt-4 font-semibold">{title}</h2>
      <div className="mt-2 text-muted-foreground text-sm leading-relaxed">{children}</div>
    </div>
  );
}

/** Long-form text (terms, privacy) with readable measure and spacing. */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl text-[15px] leading-7 [&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:font-semibold [&_h2]:text-foreground [&_h2]:text-lg [&_li]:mt-1.5 [&_p]:mt-4 [&_p]:text-muted-foreground [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-5 [&_ul]:text-muted-foreground">
      {children}
    </div>
  );
}
