import { Toaster } from 'sonner';
import { useResolvedTheme } from '../lib/theme';
import { useContent } from '../content/context';

/**
 * Where the forms' and the voice demo's notices appear (sonner), named in the page's language: at
 * the top, just under the fixed bars (72 px on a desktop, 56 on a phone), so they never cover a
 * form's button or the brand banner's pause button under the contact form.
 */
export function Toasts() {
  const theme = useResolvedTheme();
  const { a11y } = useContent();
  return (
    <Toaster
      theme={theme}
      richColors
      closeButton
      position="top-center"
      offset={{ top: 84 }}
      mobileOffset={{ top: 68 }}
      containerAriaLabel={a11y.notifications}
      toastOptions={{ closeButtonAriaLabel: a11y.closeNotification }}
    />
  );
}
