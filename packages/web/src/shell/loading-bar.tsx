import { useEffect } from 'react';
import { useNavigation } from 'react-router';
import { useStore } from '../lib/create-store';
import { LOADING_BAR, loadingBar, loadingBarStore } from './loading-bar-store';

/** Drives the bar from the router: loading starts with a navigation's loaders and lazy chunks, ends when idle. */
export function useRouteLoadingBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  useEffect(() => {
    if (busy) loadingBar.start();
    else loadingBar.finish();
  }, [busy]);
}

export function LoadingBar() {
  const { visible, progress, error } = useStore(loadingBarStore);
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none fixed inset-x-0 top-0 z-[100]"
      style={{
        height: LOADING_BAR.height,
        width: `${progress}%`,
        opacity: visible ? 1 : 0,
        backgroundColor: error ? LOADING_BAR.errorColor : LOADING_BAR.color,
        transition: 'width 0.1s linear, opacity 0.4s ease',
      }}
    />
  );
}
