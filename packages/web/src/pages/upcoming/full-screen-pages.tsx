import { ArrowLeft, Bot } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LogoMark } from '../../components/ui/logo';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { ComingSoon } from './coming-soon';

/** Layout "none": full-screen pages draw a slim bar with a way back. */
function FullScreenFrame({
  back,
  title,
  subtitle,
  children,
}: {
  back: { label: string; to: string };
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <header className="flex h-14 items-center gap-3 border-b bg-background px-3 sm:px-4">
        <Link
          to={back.to}
          className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-muted-foreground text-sm hover:bg-accent hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          <span className="hidden sm:inline">{back.label}</span>
        </Link>
        <span className="h-5 w-px bg-border" aria-hidden="true" />
        <LogoMark className="size-6" />
        <div className="min-w-0 leading-tight">
          <h1 className="truncate font-semibold text-sm">{title}</h1>
          {subtitle && <p className="truncate text-muted-foreground text-xs">{subtitle}</p>}
        </div>
      </header>
      <main id="main" className="mx-auto flex w-full max-w-3xl flex-1 flex-col justify-center px-4 py-10">
        {children}
      </main>
    </div>
  );
}

/** /agents and /agents/{sessionId}: the personal assistant, full screen. */
export function AssistantPage() {
  usePageHeader({ title: 'Assistant', description: 'Your personal AI assistant' });
  return (
    <FullScreenFrame back={{ label: 'Home', to: '/dashboard' }} title="Assistant" subtitle="Your personal AI assistant">
      <ComingSoon
        icon={Bot}
        title="Your assistant"
        description="Chat with an AI assistant that can use your flows, tables and notes as tools. Conversations will be saved so you can pick them up later."
        plans={['Bring your own model provider', 'Runs flows for you when you ask', 'Publish agents for others to use']}
        links={[
          { label: 'Back to Home', to: '/dashboard' },
          { label: 'Explore agents', to: '/agents/explore' },
        ]}
      />
    </FullScreenFrame>
  );
}
