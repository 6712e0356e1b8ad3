import { createStore } from '../lib/create-store';

export const DEFAULT_AUTH_OVERLAY_MESSAGE = 'Signing you in...';

export const authOverlayStore = createStore({ visible: false, message: DEFAULT_AUTH_OVERLAY_MESSAGE });

export const authOverlay = {
  start(message?: string) {
    authOverlayStore.set({ visible: true, message: message || DEFAULT_AUTH_OVERLAY_MESSAGE });
  },
  stop() {
    authOverlayStore.set({ visible: false, message: DEFAULT_AUTH_OVERLAY_MESSAGE });
  },
};
