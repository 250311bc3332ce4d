import { Toaster } from 'sonner';
import { useLayout } from '../lib/layout';
import { NOTICE_OFFSETS } from '../lib/notices';
import { useResolvedTheme } from '../lib/theme';
import { useContent } from '../lib/content-context';

/**
 * Where the forms' and the voice demo's notices appear (sonner), named in the page's language. Not
 * at the top, where the section a visitor just scrolled to has its title: on a phone at the bottom
 * of the screen, on a desktop in its bottom left corner, away from the forms' buttons (right half
 * of the contact section, right of the footer's band) and the brand banner's pause button (right).
 * A form's notice goes to the top, under the bar, when the form or its caption is at the bottom
 * of the screen (lib/notices.ts). Each form also says its outcome in place (features/), so nothing
 * depends on reading the notice.
 */
export function Toasts() {
  const theme = useResolvedTheme();
  const layout = useLayout();
  const { a11y } = useContent();
  const offsets = NOTICE_OFFSETS[layout];
  const mobile = NOTICE_OFFSETS.mobile;
  return (
    <Toaster
      theme={theme}
      richColors
      closeButton
      position={layout === 'mobile' ? 'bottom-center' : 'bottom-left'}
      offset={{ top: offsets.top, bottom: offsets.bottom, left: offsets.side, right: offsets.side }}
      mobileOffset={{ top: offsets.top, bottom: mobile.bottom, left: mobile.side, right: mobile.side }}
      containerAriaLabel={a11y.notifications}
      toastOptions={{ closeButtonAriaLabel: a11y.closeNotification }}
    />
  );
}
