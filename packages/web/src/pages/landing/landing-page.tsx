import { ArrowRight, Bot, Check, NotebookPen, Server, Table2, Workflow } from 'lucide-react';
import { Link } from 'react-router';
import { site } from '../../app/site';
import { buttonClasses } from '../../components/ui/button';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { FlowIllustration } from './flow-illustration';

const features = [
  {
    icon: Workflow,
    name: 'Flows',
    title: 'Automate the busywork with flows',
    text: 'Connect triggers and steps on a canvas: webhooks, schedules, incoming email, HTTP calls, code, conditions, loops and AI steps.',
    points: ['Runs are saved step by step and resume after a crash', 'Retries, timeouts and error branches built in'],
  },
  {
    icon: Table2,
    name: 'Tables',
    title: 'Keep your data in tables',
    text: 'Typed records your flows and agents can read and write, with views for the way you like to look at them.',
    points: ['Flows can start when a record changes', 'Fast with large tables'],
  },
  {
    icon: NotebookPen,
    name: 'Notes',
    title: 'Write it down in notes',
    text: 'A clean editor for plans, docs and meeting notes that sit right next to the work they describe.',
    points: ['Agents can read notes as context', 'Shared with your business account'],
  },
  {
    icon: Bot,
    name: 'Agents',
    title: 'Delegate to AI agents',
    text: 'A personal assistant that can use your flows and tables as tools, plus agents you publish and share.',
    points: ['Bring your own model provider', 'Explore and reuse agents others publish'],
  },
];

function Hero() {
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-[480px] bg-[radial-gradient(50%_60%_at_50%_0%,color-mix(in_srgb,var(--primary)_14%,transparent),transparent)]"
      />
      <div className="relative mx-auto max-w-6xl px-4 pt-16 pb-12 text-center sm:px-6 sm:pt-24">
        <p className="inline-flex items-center gap-2 rounded-full border bg-background px-3 py-1 text-muted-foreground text-xs shadow-xs">
          <span className="size-1.5 rounded-full bg-primary" aria-hidden="true" />
          Open source · Self-hostable
        </p>
        <h1 className="mx-auto mt-6 max-w-3xl text-balance font-semibold text-4xl tracking-tight sm:text-5xl lg:text-6xl">
          {site.tagline}
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-balance text-lg text-muted-foreground">
          Flowmind puts flows, tables, notes and AI agents in one calm workspace, so the repetitive work runs itself and
          you keep your focus for the work that matters.
        </p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link to="/auth/signup" className={buttonClasses({ size: 'lg', className: 'w-full sm:w-auto' })}>
            Get started for free
            <ArrowRight aria-hidden="true" />
          </Link>
          <Link
            to="/auth/login"
            className={buttonClasses({ variant: 'outline', size: 'lg', className: 'w-full sm:w-auto' })}
          >
            Log in
          </Link>
        </div>
      </div>
      <div className="relative mx-auto max-w-5xl px-4 pb-20 sm:px-6">
        <FlowIllustration />
      </div>
    </section>
  );
}

function Features() {
  return (
    <section aria-labelledby="features-title" className="border-t bg-surface py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <p className="font-medium text-primary text-sm">What Flowmind does</p>
          <h2 id="features-title" className="mt-2 font-semibold text-3xl tracking-tight">
            Four tools that work as one
          </h2>
          <p className="mt-3 text-muted-foreground">
            Flows move the work, tables hold the data, notes hold the thinking and agents do the rest. They all live in
            the same account, so they all know about each other.
          </p>
        </div>
        <div className="mt-12 grid gap-4 sm:grid-cols-2">
          {features.map((feature) => (
            <article key={feature.name} className="rounded-xl border bg-background p-6 shadow-xs">
              <div className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
                  <feature.icon className="size-5" aria-hidden="true" />
                </span>
                <span className="font-medium text-muted-foreground text-sm">{feature.name}</span>
              </div>
              <h3 className="mt-4 font-semibold text-lg">{feature.title}</h3>
              <p className="mt-2 text-muted-foreground text-sm leading-relaxed">{feature.text}</p>
              <ul className="mt-4 grid gap-2">
                {feature.points.map((point) => (
                  <li key={point} className="flex items-start gap-2 text-sm">
                    <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                    {point}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

function SelfHost() {
  return (
    <section aria-labelledby="self-host-title" className="py-20">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2">
        <div>
          <span className="flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
            <Server className="size-5" aria-hidden="true" />
          </span>
          <h2 id="self-host-title" className="mt-4 font-semibold text-3xl tracking-tight">
            Open source, and yours to run
          </h2>
          <p className="mt-3 text-muted-foreground">
            Flowmind is MIT-licensed. Run it on a laptop or a server with one command: one process, one data folder, no
            other services to install. When a team outgrows one machine, point it at PostgreSQL and add workers.
          </p>
          <ul className="mt-6 grid gap-2.5 text-sm">
            {[
              'Your data stays on your machine',
              'Business accounts with members, roles and invites',
              'Live updates across every open tab and teammate',
            ].map((point) => (
              <li key={point} className="flex items-start gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <div className="overflow-hidden rounded-xl border bg-zinc-950 text-zinc-100 shadow-lg">
          <div className="flex items-center gap-1.5 border-zinc-800 border-b px-4 py-3" aria-hidden="true">
            <span className="size-2.5 rounded-full bg-zinc-700" />
            <span className="size-2.5 rounded-full bg-zinc-700" />
            <span className="size-2.5 rounded-full bg-zinc-700" />
          </div>
          <pre className="whitespace-pre-wrap break-words p-5 font-mono text-[13px] leading-6">
            <code>
              <span className="text-zinc-400"># get the code, then</span>
              {'\n'}
              <span className="text-violet-300">$</span> npm start
              {'\n'}
              <span className="text-zinc-400">Flowmind is running at http://localhost:3000</span>
            </code>
          </pre>
        </div>
      </div>
    </section>
  );
}

function FinalCallToAction() {
  return (
    <section className="px-4 pb-20 sm:px-6">
      <div className="mx-auto max-w-6xl rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground sm:py-16">
        <h2 className="font-semibold text-2xl tracking-tight sm:text-3xl">Give your busywork to Flowmind</h2>
        <p className="mx-auto mt-3 max-w-xl text-primary-foreground">
          Create an account in a minute. Your first flows, tables and notes are waiting.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/auth/signup" className={buttonClasses({ variant: 'inverse', size: 'lg' })}>
            Get started
          </Link>
          <Link to="/auth/login" className={buttonClasses({ variant: 'inverse-ghost', size: 'lg' })}>
            Log in
          </Link>
        </div>
      </div>
    </section>
  );
}

export function LandingPage() {
  usePageHeader({ title: 'AI agents and workflow automation' });
  return (
    <>
      <Hero />
      <Features />
      <SelfHost />
      <FinalCallToAction />
    </>
  );
}
