import { createElement, useSyncExternalStore, type ComponentType } from 'react';
import { serverMessage } from '../lib/errors';
import type { ToastContent, ToastVariant } from './ToastRegionView';

export type { ToastVariant };

// toast() and the root layout's <ToastRegion />, without React Aria: the region and its queue
// (ToastRegionView.tsx, React Aria's Toast) load with the first toast, not with the first page
// (docs/performance.md, "2026-11-28: the first page under 200 KB"). A toast asked for before they
// have arrived is kept and shown once they have.

/**
 * A toast must not cover the control that raised it (a toast over the switch just pressed
 * ate the next press): it comes up at the bottom unless that control sits in the lower half of the
 * screen, then at the top, under the header.
 */
function placementAwayFromFocus(): ToastContent['placement'] {
  const control = lastPress?.target ?? document.activeElement;
  // An open dialog already ends above a bottom toast (--toast-clearance below).
  if (!(control instanceof Element) || control === document.body || control.closest('.modal-overlay')) return 'bottom';
  const { top, height } = control.getBoundingClientRect();
  return top + height / 2 > window.innerHeight / 2 ? 'top' : 'bottom';
}

/**
 * The element last pressed by pointer or key, for placement: a pressed switch or button does not
 * always take focus (React Aria keeps focus where it was on a pointer press).
 */
let lastPress: { target: EventTarget | null } | null = null;
if (typeof document !== 'undefined') {
  for (const type of ['pointerdown', 'keydown'] as const)
    document.addEventListener(
      type,
      (event) => {
        lastPress = { target: event.target };
        // What a press leads to may end in a toast, perhaps offline ("Saved offline…"): the region
        // starts loading with the member's first press, while the network is surely there.
        loadRegion();
      },
      { capture: true, passive: true },
    );
}

export interface ToastOptions {
  title: string;
  description?: string;
  /** 'destructive' for errors. Default 'default'. */
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself. Default 5000 (spec 9). */
  timeout?: number;
}

export const TOAST_TIMEOUT_MS = 5000;

type ShowToast = (content: ToastContent, timeout: number) => void;

/** ToastRegionView's showToast once its module has loaded. */
let show: ShowToast | null = null;
/** The latest toast asked for before that (only one is shown at a time: a newer one replaces it). */
let waiting: { content: ToastContent; timeout: number } | null = null;
/** The region's component once loaded, for <ToastRegion />. */
let RegionView: ComponentType | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function loadRegion(): void {
  loading ??= import('./ToastRegionView').then(
    (module) => {
      show = module.showToast;
      if (waiting) show(waiting.content, waiting.timeout);
      waiting = null;
      RegionView = module.ToastRegionView;
      for (const listener of listeners) listener();
    },
    // Not reachable (offline before the worker has the app): the next toast tries again.
    () => {
      loading = null;
    },
  );
}

/**
 * The one way to show a toast: `toast({ title: 'Error', description: message, variant: 'destructive' })`.
 * A new toast replaces the one showing (only one is shown, and a stale message should not come back
 * after the new one closes).
 */
export function toast({ title, description, variant = 'default', timeout = TOAST_TIMEOUT_MS }: ToastOptions): void {
  const content: ToastContent = { title, description, variant, placement: placementAwayFromFocus() };
  if (show) return show(content, timeout);
  waiting = { content, timeout };
  loadRegion();
}

/** A failed request's toast: the server's `message`, else `fallback` (the spec's text). */
export function errorToast(error: unknown, fallback: string): void {
  toast({ title: 'Error', description: serverMessage(error, fallback), variant: 'destructive' });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Rendered once, in the root layout: nothing until the first toast, then ToastRegionView (the
 * notifications region; F8 moves focus to the toast, F6 reaches it as a landmark).
 */
export function ToastRegion() {
  const View = useSyncExternalStore(
    subscribe,
    () => RegionView,
    () => null,
  );
  return View ? createElement(View) : null;
}
