import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { trackPageView } from '../../lib/analytics';
import {
  DEFAULT_PAGE_TITLE,
  defaultPageHeader,
  documentTitle,
  type PageHeaderState,
  type PageTab,
  pageHeaderStore,
} from './page-header-store';

export type PageHeaderInput = Partial<PageHeaderState>;

/**
 * Each page declares its header here: the layout renders it, the document title follows it, and the page view
 * is tracked with it. The header resets when the page unmounts so the next page never shows a stale one.
 */
export function usePageHeader(input: PageHeaderInput): void {
  const { pathname } = useLocation();
  const {
    title: givenTitle,
    description,
    buttonText,
    buttonAction,
    showTabs = defaultPageHeader.showTabs,
    showFloatingButton = defaultPageHeader.showFloatingButton,
    loading = false,
  } = input;
  const title = givenTitle || DEFAULT_PAGE_TITLE;
  // A new function on every render must not rebuild the header: the store gets a stable wrapper that calls the
  // latest action through this ref, and the effect keys on "a function" rather than on its identity.
  const actionRef = useRef(buttonAction);
  actionRef.current = buttonAction;
  const actionKey = typeof buttonAction === 'string' ? buttonAction : buttonAction ? null : undefined;
  const tabsKey = JSON.stringify(input.tabs ?? []);

  useLayoutEffect(() => {
    const action =
      actionKey === null
        ? () => {
            const current = actionRef.current;
            if (typeof current === 'function') current();
          }
        : actionKey;
    pageHeaderStore.set({
      title,
      description,
      buttonText,
      buttonAction: action,
      showTabs,
      tabs: JSON.parse(tabsKey) as PageTab[],
      showFloatingButton,
      loading,
    });
    document.title = documentTitle(title);
  }, [title, description, buttonText, actionKey, showTabs, tabsKey, showFloatingButton, loading]);

  useLayoutEffect(() => () => pageHeaderStore.set(defaultPageHeader), []);

  useEffect(() => {
    trackPageView({ path: pathname, title: givenTitle });
  }, [pathname, givenTitle]);
}
