import { lazy, useEffect, type ComponentType } from 'react';
import { site } from '../../config/site';
import { ServerOnly } from '../components/ServerOnly';
import type { Content, FirstScreenContent } from '../content';
import { loadBelowTheFoldContent } from '../content/load';
import { revealForms } from '../lib/deferred-forms';
import { ContentProvider, fillContent } from './content-context';
import { DEFERRED_SECTIONS, markHydrated, type DeferredSection, type SectionComponents } from './Deferred';
import { inOwnTask } from './tasks';

/**
 * The browser's below-the-fold parts. Those with nothing to interact with (text, icons, plain
 * links) are never hydrated: their prerendered markup stays as it is (components/ServerOnly.tsx),
 * and the browser fetches no code and runs no task for them. Each of the others has its code
 * fetched, and is hydrated, only when it is wanted: when it comes within a screen of the viewport
 * (a visitor scrolling or following a link to it), or when the browser is idle after the page has
 * loaded, one part per idle period, in page order, so that hydration never blocks the main thread
 * for long. The notifications area comes with the first part that can raise one. The copy of the
 * sections below the first screen is fetched once, with the first of them. A section that gains a
 * control (a button, a field) must leave STATIC_SECTIONS: a browser test checks they hold none.
 */
const STATIC_SECTIONS = ['services', 'benefits', 'testimonials', 'delivery'] as const satisfies readonly DeferredSection[];
type StaticSection = (typeof STATIC_SECTIONS)[number];
type HydratedSection = Exclude<DeferredSection, StaticSection>;
const HYDRATED_SECTIONS = DEFERRED_SECTIONS.filter(
  (section): section is HydratedSection => !(STATIC_SECTIONS as readonly DeferredSection[]).includes(section),
);

const loaders: Record<HydratedSection, () => Promise<ComponentType>> = {
  'voice-demo': () => import('../sections/voice-demo/VoiceDemo').then((m) => m.VoiceDemo),
  contact: () => import('../sections/contact/Contact').then((m) => m.Contact),
  banner: () => import('../sections/banner/BrandBanner').then((m) => m.BrandBanner),
  faq: () => import('../sections/faq/Faq').then((m) => m.Faq),
  footer: () => import('../sections/footer/Footer').then((m) => m.Footer),
  toasts: () => import('./Toasts').then((m) => m.Toasts),
};

/** Parts that can raise a notification: the first of them to be wanted brings the toasts area along. */
const NOTIFYING: readonly HydratedSection[] = ['voice-demo', 'contact', 'footer'];

export function lazySections(firstScreen: FirstScreenContent): SectionComponents {
  const wanted = new Map<HydratedSection, () => void>();
  const promises = new Map<HydratedSection, Promise<void>>();
  for (const section of HYDRATED_SECTIONS) {
    promises.set(section, new Promise<void>((resolve) => wanted.set(section, resolve)));
  }
  const want = (section: HydratedSection) => {
    wanted.get(section)?.();
    if (NOTIFYING.includes(section)) void inOwnTask().then(() => wanted.get('toasts')?.());
  };

  // A part coming near the viewport: its form (lib/deferred-forms.ts) joins the page at once, while
  // the part is still off screen, so that what the visitor scrolls to is complete (and can be typed
  // in before it hydrates). A part wanted while the browser is idle creates its form just after it
  // hydrates (components/DeferredForm.tsx), the visitor nowhere near: the section, rendered like any
  // box from then on (index.css), is laid out in a frame of its own, before autofill reads the form.
  watchViewport((section) => {
    const part = document.querySelector(`[data-deferred="${section}"]`);
    if (part) revealForms(part);
    // Parts coming near together (a tall screen, a jump) start loading one task each, so that what
    // each one starts (its code, the copy, the notifications area) never adds up in one task.
    void inOwnTask().then(() => want(section));
  });
  whenIdleAfterLoad(want);

  // Started once, in a task of its own: the first part wanted is starting to load its own code at
  // the same moment. (A dynamic import adds no <link rel=modulepreload> for the chunks it needs:
  // see vite.config.ts.)
  let content: Promise<Content> | undefined;
  const wholeContent = () =>
    (content ??= inOwnTask()
      .then(() => loadBelowTheFoldContent(firstScreen.locale))
      .then((rest) => ({ ...firstScreen, ...fillContent(rest, site) })));

  const sections = {} as SectionComponents;
  for (const section of STATIC_SECTIONS) sections[section] = prerenderedOnly(section);
  for (const section of HYDRATED_SECTIONS) {
    sections[section] = lazy(async () => {
      await promises.get(section);
      // The copy (wholeContent) and the toasts that come along (want) start loading in tasks of their own.
      const [Section, whole] = await Promise.all([loaders[section](), wholeContent()]);
      // Parts wanted together (near the viewport at once, or arriving with the same copy) hydrate apart.
      await inOwnTask();
      const typed = typedFields(section);
      return {
        default: function HydratedSection() {
          useEffect(() => {
            restoreTyped(typed);
            markHydrated(section);
          }, []);
          return (
            <ContentProvider content={whole}>
              <Section />
            </ContentProvider>
          );
        },
      };
    });
  }
  return sections;
}

/** A part left as prerendered: interactive as it is, so marked hydrated as soon as the page is. */
function prerenderedOnly(section: StaticSection): ComponentType {
  return function PrerenderedSection() {
    useEffect(() => markHydrated(section), []);
    return <ServerOnly />;
  };
}

/** Wants each part as soon as it is within one screen height of the viewport. */
function watchViewport(want: (section: HydratedSection) => void) {
  if (typeof IntersectionObserver === 'undefined') return;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        want((entry.target as HTMLElement).dataset.deferred as HydratedSection);
      }
    },
    { rootMargin: '100% 0px' },
  );
  for (const section of HYDRATED_SECTIONS) {
    const part = document.querySelector(`[data-deferred="${section}"]`);
    if (part) observer.observe(part);
  }
}

function idle(callback: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(callback, { timeout: 1000 });
  else setTimeout(callback, 50);
}

/** After `load`, wants the remaining parts one per idle period, in page order. */
function whenIdleAfterLoad(want: (section: HydratedSection) => void) {
  const queue = [...HYDRATED_SECTIONS];
  const next = () => {
    const section = queue.shift();
    if (!section) return;
    want(section);
    idle(next);
  };
  const start = () => idle(next);
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}

type Field = HTMLInputElement | HTMLTextAreaElement;

/** What the visitor typed into this part's fields before it hydrated, taken just before it hydrates. */
function typedFields(section: DeferredSection): Map<Field, string> {
  const typed = new Map<Field, string>();
  const fields = document.querySelectorAll<Field>(`[data-deferred="${section}"] input, [data-deferred="${section}"] textarea`);
  for (const field of fields) {
    if (field.type !== 'hidden' && field.value !== field.defaultValue) typed.set(field, field.value);
  }
  return typed;
}

/**
 * Hands the text typed before hydration to the now-hydrated form, whose state starts empty, as if
 * it were typed again: a form's state learns of a field's value through its `input` event (the
 * detour through an empty value also satisfies React's rule of reporting changed values only).
 */
function restoreTyped(typed: Map<Field, string>) {
  for (const [field, value] of typed) {
    if (!field.isConnected) continue;
    const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
    field.value = '';
    setValue?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
