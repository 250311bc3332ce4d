import { Toaster } from 'sonner';
import { useLayout } from '../lib/layout';
import { useResolvedTheme } from '../lib/theme';
import { useContent } from '../lib/content-context';

/**
 * Where the forms' and the voice demo's notices appear (sonner), named in the page's language. Not
 * at the top, where the section a visitor just scrolled to has its title: on a phone at the bottom
 * of the screen, on a desktop in its bottom left corner, away from the forms' buttons (right half
 * of the contact section, right of the footer's band) and the brand banner's pause button (right).
 * Each form also says its outcome in place (features/), so nothing depends on reading the notice.
 */
export function Toasts() {
  const theme = useResolvedTheme();
  const layout = useLayout();
  const { a11y } = useContent();
  return (
    <Toaster
      theme={theme}
      richColors
      closeButton
      position={layout === 'mobile' ? 'bottom-center' : 'bottom-left'}
      offset={24}
      mobileOffset={12}
      containerAriaLabel={a11y.notifications}
      toastOptions={{ closeButtonAriaLabel: a11y.closeNotification }}
    />
  );
}
