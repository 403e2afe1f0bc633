import { lazyDialog } from '../lib/lazy-dialog.tsx';
import type { ConfirmModalProps } from './confirm-modal-dialog.tsx';

/**
 * The one confirmation step before a destructive or spending action. The buttons keep the
 * same names everywhere ("Cancel", "Confirm"); the title and text say what will happen. Its
 * dialog is fetched the first time a confirmation opens.
 */
export const ConfirmModal = lazyDialog<ConfirmModalProps>(
  () => import('./confirm-modal-dialog.tsx').then((module) => module.ConfirmModalDialog),
  (props) => props.opened,
);
