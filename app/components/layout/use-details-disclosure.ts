import { type KeyboardEvent, type SyntheticEvent, useRef, useState } from "react";

/**
 * A <details> disclosure the page can also close: it opens natively (even before hydration),
 * and once hydrated closes on Escape, giving focus back to its <summary>, or when `close` is called.
 */
export function useDetailsDisclosure(onOpen?: () => void) {
  const [open, setOpen] = useState(false);
  const summaryRef = useRef<HTMLElement>(null);

  const detailsProps = {
    open,
    onToggle(event: SyntheticEvent<HTMLDetailsElement>) {
      const isOpen = event.currentTarget.open;
      setOpen(isOpen);
      if (isOpen) onOpen?.();
    },
    onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape" || !open) return;
      setOpen(false);
      summaryRef.current?.focus();
    },
  };

  return { detailsProps, summaryRef, close: () => setOpen(false) };
}
