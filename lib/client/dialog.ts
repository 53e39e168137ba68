/**
 * Shared behaviour of the app's dialogs and drawers: Esc closes them and, once closed,
 * focus goes back to the control that opened them (not to the page body).
 */
import { useLayoutEffect, useRef } from "react";

/**
 * Puts focus back on `opener` (the element focused when the dialog opened). When the page drew it
 * again meanwhile (a row refreshed by a live change), the control that now has its test id takes
 * the focus instead.
 */
export function restoreFocus(opener: Element | null) {
  if (!(opener instanceof HTMLElement) || opener === document.body) return;
  const id = opener.getAttribute("data-testid");
  const find = () =>
    opener.isConnected
      ? opener
      : id
      ? document.querySelector<HTMLElement>(`[data-testid="${CSS.escape(id)}"]`)
      : null;
  let target = find();
  target?.focus();
  // A live change may draw the row again just after (the dialog's own change coming back): for
  // a moment, focus follows the control to its new element unless the user moved on.
  if (!id) return;
  let left = 12;
  const follow = () => {
    if (--left < 0) return;
    const lost = document.activeElement === document.body || !document.activeElement;
    if (target && !target.isConnected && lost) {
      target = find();
      target?.focus();
    }
    setTimeout(follow, 250);
  };
  setTimeout(follow, 250);
}

/**
 * While `open`: Esc calls `close` (latest closure); when `open` turns false or the component
 * unmounts, focus returns to whatever had it when the dialog opened.
 */
export function useDialog(open: boolean, close?: () => void) {
  const closeRef = useRef(close);
  closeRef.current = close;
  // A layout effect: the Esc listener is in place before the dialog is painted (a passive effect
  // can run late on a busy phone, and an Esc pressed at once would be lost).
  useLayoutEffect(() => {
    if (!open) return;
    const opener = document.activeElement;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && closeRef.current && !e.defaultPrevented) {
        e.preventDefault();
        closeRef.current();
      }
    };
    if (close) document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      // After the dialog has left the DOM (a removed <dialog> would take focus with it).
      setTimeout(() => restoreFocus(opener), 0);
    };
  }, [open]);
}
