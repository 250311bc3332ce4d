import { Toaster } from 'sonner';
import { useResolvedTheme } from '../lib/theme';
import { useContent } from '../content/context';

/** Where the forms' and the voice demo's notices appear (sonner), named in the page's language. */
export function Toasts() {
  const theme = useResolvedTheme();
  const { a11y } = useContent();
  return (
    <Toaster
      theme={theme}
      richColors
      closeButton
      position="bottom-right"
      containerAriaLabel={a11y.notifications}
      toastOptions={{ closeButtonAriaLabel: a11y.closeNotification }}
    />
  );
}
