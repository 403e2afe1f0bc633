import { useEffect, useRef, type ReactNode } from 'react';
import { Portal } from '@mantine/core';
import classes from './print-sheet.module.css';

/** Resolves once every image in `root` is loaded (or has failed): printing earlier would leave them blank. */
function imagesLoaded(root: HTMLElement | null): Promise<void> {
  const images = root ? [...root.querySelectorAll('img')] : [];
  return Promise.all(images.map((image) => image.decode().catch(() => undefined))).then(() => undefined);
}

export interface PrintSheetProps {
  /** Raised by one for each print wanted; the sheet prints once for each raise (0: none yet). */
  printRequest: number;
  /** False while the content is still being drawn (QR codes): the print waits for it. */
  ready: boolean;
  testId: string;
  children: ReactNode;
}

/**
 * Paper only: a sheet outside the app's root that is the one thing printed while it is on the
 * page (see the CSS), A4 with its own margins. Asked to print, it waits until it is drawn and its
 * images are in, then opens the browser's print dialog.
 */
export function PrintSheet({ printRequest, ready, testId, children }: PrintSheetProps) {
  const sheet = useRef<HTMLDivElement>(null);
  const printed = useRef(0);
  useEffect(() => {
    if (!ready || printRequest === printed.current) return;
    printed.current = printRequest;
    void imagesLoaded(sheet.current).then(() => window.print());
  }, [ready, printRequest]);
  // A node of its own under <body>: Mantine's shared portal node also holds the open dialogs, which the print leaves out.
  return (
    <Portal reuseTargetNode={false}>
      <div ref={sheet} className={classes.sheet} data-testid={testId}>
        {children}
      </div>
    </Portal>
  );
}
