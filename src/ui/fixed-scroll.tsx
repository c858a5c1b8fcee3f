import { useEffect } from 'react';

// SPEC §4: the body carries the fixed-scroll class while a modal is open (src/ui/theme/global.css.ts stops the page
// behind it from scrolling). Every modal uses this one hook, in a component mounted only while the modal is open
// (inside a Radix Dialog.Content, which unmounts on close); src/ui/fixed-scroll.test.tsx finds any that does not.
// A count, not a flag: closing one of two stacked modals leaves the page fixed.

let openModals = 0;

export function useFixedScroll(): void {
  useEffect(() => {
    openModals++;
    document.body.classList.add('fixed-scroll');
    return () => {
      openModals--;
      if (openModals === 0) document.body.classList.remove('fixed-scroll');
    };
  }, []);
}

/** The hook as an element, for a Radix dialog: `<Dialog.Content><FixedScroll />…</Dialog.Content>`. */
export function FixedScroll(): null {
  useFixedScroll();
  return null;
}
