import { useEffect } from 'react';
import { Toaster } from 'sonner';
import type { Content } from '../content';
import { LanguageOffer } from '../features/language/LanguageOffer';
import { useResolvedTheme } from '../lib/theme';
import { BrandBanner } from '../sections/banner/BrandBanner';
import { Benefits } from '../sections/benefits/Benefits';
import { Contact } from '../sections/contact/Contact';
import { Delivery } from '../sections/delivery/Delivery';
import { Faq } from '../sections/faq/Faq';
import { Footer } from '../sections/footer/Footer';
import { Hero } from '../sections/hero/Hero';
import { DesktopNav } from '../sections/nav/DesktopNav';
import { MobileNav } from '../sections/nav/MobileNav';
import { Services } from '../sections/services/Services';
import { Testimonials } from '../sections/testimonials/Testimonials';
import { VoiceDemo } from '../sections/voice-demo/VoiceDemo';
import { ContentProvider, useContent } from './content-context';

/** The page, section by section, in the order of spec §2. */
export function App({ content }: { content: Content }) {
  // Marks the page as interactive; browser tests wait for it before clicking.
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), []);
  return (
    <ContentProvider content={content}>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {content.a11y.skipToContent}
      </a>
      <LanguageOffer page="home" />
      <MobileNav />
      <DesktopNav />
      <main id="main" tabIndex={-1} className="outline-none">
        <Hero />
        <Services />
        <VoiceDemo />
        <Benefits />
        <Testimonials />
        <Delivery />
        <Contact />
        <BrandBanner />
        <Faq />
      </main>
      <Footer />
      <Toasts />
    </ContentProvider>
  );
}

function Toasts() {
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
