import { createStore } from '../../lib/create-store';

/** The create-business dialog is mounted once in the dashboard layout and opened from anywhere. */
export const createBusinessDialogStore = createStore(false);

export const openCreateBusinessDialog = () => createBusinessDialogStore.set(true);
