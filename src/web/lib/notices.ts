import { toast } from 'sonner';
import { currentLayout } from './layout';

/** Where a form's notices may stand: the bottom of the screen (app/Toasts.tsx's default), or its top, under the bar. */
export type NoticePosition = 'bottom-center' | 'top-center' | 'bottom-left' | 'top-left';

/**
 * The room a notice takes (sonner: 356 px wide, full width under 601 px, a title and two lines of
 * description at most) and the distances app/Toasts.tsx keeps from the edges of the screen, which
 * put a notice at the top below the fixed bar (56 px on the mobile layout, 72 px on the desktop's).
 */
export const NOTICE = { width: 356, height: 112, narrow: 600 } as const;
export const NOTICE_OFFSETS = {
  mobile: { top: 68, bottom: 12, side: 12 },
  desktop: { top: 88, bottom: 24, side: 24 },
} as const;

type Rect = { left: number; top: number; right: number; bottom: number };

function band(position: NoticePosition, width: number, height: number): Rect {
  const offsets = NOTICE_OFFSETS[currentLayout()];
  const narrow = width <= NOTICE.narrow;
  const side = narrow ? NOTICE_OFFSETS.mobile.side : offsets.side;
  const [left, right] = narrow
    ? [side, width - side]
    : position.endsWith('left')
      ? [side, side + NOTICE.width]
      : [(width - NOTICE.width) / 2, (width + NOTICE.width) / 2];
  const top = position.startsWith('top') ? offsets.top : height - (narrow ? NOTICE_OFFSETS.mobile.bottom : offsets.bottom) - NOTICE.height;
  return { left, right, top, bottom: top + NOTICE.height };
}

function overlap(a: Rect, b: Rect): number {
  return Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
}

/** The smallest box around the elements on the page (none: nothing to keep clear). */
function around(elements: readonly (Element | null)[]): Rect | undefined {
  const rects = elements.flatMap((element) => (element ? [element.getBoundingClientRect()] : []));
  if (rects.length === 0) return undefined;
  return {
    left: Math.min(...rects.map((rect) => rect.left)),
    right: Math.max(...rects.map((rect) => rect.right)),
    top: Math.min(...rects.map((rect) => rect.top)),
    bottom: Math.max(...rects.map((rect) => rect.bottom)),
  };
}

/**
 * Where a form's notice goes so that it covers none of `keepClear` (the form, its caption): at the
 * bottom, as every notice, unless they are there on the screen; then at the top. When both would
 * cover them (a form taller than the screen), the edge that covers less. Between two edges that
 * leave the form clear, the one that leaves the page's footer clear too (its links, the firm's
 * phone and e-mail, the sign-up): at the end of the page the notice goes to the top.
 */
export function noticePosition(keepClear: readonly (Element | null)[]): NoticePosition {
  const [bottom, top] = currentLayout() === 'mobile' ? (['bottom-center', 'top-center'] as const) : (['bottom-left', 'top-left'] as const);
  const form = around(keepClear);
  const footer = around([document.querySelector('footer')]);
  const covered = (position: NoticePosition, region: Rect | undefined) => (region ? overlap(band(position, innerWidth, innerHeight), region) : 0);
  const [formAtBottom, formAtTop] = [covered(bottom, form), covered(top, form)];
  if (formAtBottom !== formAtTop) return formAtBottom < formAtTop ? bottom : top;
  return covered(bottom, footer) <= covered(top, footer) ? bottom : top;
}

/** A form's failure: its notice, clear of the form. */
export function noticeError(title: string, options: { description?: string; keepClear: readonly (Element | null)[] }) {
  toast.error(title, { description: options.description, position: noticePosition(options.keepClear) });
}

/**
 * A form's success, said once at a time: its notice, clear of the form; once it has gone
 * (timed out, or closed), `onGone` puts the same words in the form, where they stay (until the next
 * edit, which the caller tracks: a success the visitor has moved on from is not said again).
 */
export function noticeSuccess(title: string, options: { description?: string; keepClear: readonly (Element | null)[]; onGone: () => void }) {
  let said = false;
  const keep = () => {
    if (said) return;
    said = true;
    options.onGone();
  };
  toast.success(title, { description: options.description, position: noticePosition(options.keepClear), onAutoClose: keep, onDismiss: keep });
}
