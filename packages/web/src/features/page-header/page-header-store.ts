import { createStore, useStore } from '../../lib/create-store';

export const DEFAULT_PAGE_TITLE = 'The UnNamed Title';
export const PRODUCT_NAME = 'Flowmind';

/** `active` overrides matching by path, for tabs that differ only in their query (`?period=week`). */
export type PageTab = { label: string; to: string; end?: boolean; active?: boolean };

/** Spec §2 page header state. */
export type PageHeaderState = {
  title: string;
  description?: string;
  buttonText?: string;
  /** A path to go to, or a function to run. */
  buttonAction?: string | (() => void);
  showTabs: boolean;
  tabs: PageTab[];
  showFloatingButton: boolean;
  loading: boolean;
};

export const defaultPageHeader: PageHeaderState = {
  title: DEFAULT_PAGE_TITLE,
  showTabs: false,
  tabs: [],
  showFloatingButton: true,
  loading: false,
};

export const pageHeaderStore = createStore<PageHeaderState>(defaultPageHeader);

export const usePageHeaderState = () => useStore(pageHeaderStore);

export function documentTitle(title: string): string {
  return `${title} | ${PRODUCT_NAME}`;
}
