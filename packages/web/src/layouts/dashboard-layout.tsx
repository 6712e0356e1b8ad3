import { Menu } from 'lucide-react';
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LogoMark } from '../components/ui/logo';
import { Sheet } from '../components/ui/sheet';
import { CreateBusinessDialog } from '../features/accounts/create-business-dialog';
import { ReconnectNotices } from '../features/integrations/reconnect-notices';
import { useIsLargeScreen } from '../lib/use-media-query';
import { FloatingButton, PageHeaderBar } from './dashboard/page-header-bar';
import { SidebarContent } from './dashboard/sidebar-content';
import { UserMenu } from './dashboard/user-menu';

function MobileTopBar() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const [openedAt, setOpenedAt] = useState(pathname);
  // Any navigation (a nav link, a menu item inside the sheet) closes the sheet.
  if (openedAt !== pathname) {
    setOpenedAt(pathname);
    if (open) setOpen(false);
  }
  return (
    <header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b bg-background/95 px-2 backdrop-blur">
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label="Open menu"
        aria-expanded={open}
        className="inline-flex size-10 items-center justify-center rounded-md text-foreground hover:bg-accent"
      >
        <Menu className="size-5" aria-hidden="true" />
      </button>
      <span className="flex flex-1 items-center gap-2 font-semibold">
        <LogoMark className="size-6" />
        Flowmind
      </span>
      <div className="pr-2">
        <UserMenu variant="compact" />
      </div>
      <Sheet open={open} onOpenChange={setOpen} title="Menu">
        <SidebarContent onNavigate={() => setOpen(false)} />
      </Sheet>
    </header>
  );
}

/**
 * Spec layout "dashboard": sidebar (≥1024 px) or top bar with a menu sheet, the page header, the
 * page. (The spec also names a "custom-header-dashboard" layout, but no page of the spec uses it.)
 */
export function DashboardLayout() {
  // Rendered for one screen size only, so the navigation and account switcher exist once in the page.
  const isLarge = useIsLargeScreen();
  return (
    <div className="flex min-h-dvh flex-col bg-surface lg:flex-row">
      {isLarge ? (
        <aside className="sticky top-0 h-dvh w-60 shrink-0 border-r bg-surface">
          <SidebarContent />
        </aside>
      ) : (
        <MobileTopBar />
      )}
      <div className="flex min-w-0 flex-1 flex-col bg-background">
        <PageHeaderBar />
        <ReconnectNotices />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 pb-24 sm:px-6 lg:px-8 lg:pb-10">
          <Outlet />
        </main>
      </div>
      <FloatingButton />
      <CreateBusinessDialog />
    </div>
  );
}
