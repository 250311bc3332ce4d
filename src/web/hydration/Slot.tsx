import { lazy, Suspense, useLayoutEffect, type ComponentType } from 'react';
import type { Content } from '../../content';
import { ContentProvider } from '../lib/content-context';
import { expectUnit, markLive } from './live';
import { Static } from './Static';

/** What the hydration needs to know of a section below the first screen (app/sections.ts has them). */
export type SlotSection = {
  id: string;
  load: () => Promise<ComponentType>;
  hydrates: boolean;
  toasts: boolean;
};

/**
 * The parts of the page that load on their own: each section below the first screen, the
 * notifications area; `preload` starts fetching the code and copy of every part that hydrates.
 */
export type PageParts = { section: (id: string) => ComponentType; Notifications: ComponentType; preload: () => void };

/**
 * The sections below the first screen as React components, each from its own chunk, with the
 * page's whole copy (`wholeContent`, called once: on the server it is at hand; in the browser it is
 * the copy below the first screen). The notifications area (`loadNotifications`) loads with the
 * first section that can raise one. Each part's code and the copy are fetched once, when React
 * first renders the part or when `preload` is called, whichever comes first.
 */
export function pageParts(sections: readonly SlotSection[], wholeContent: () => Promise<Content>, loadNotifications: () => Promise<ComponentType>): PageParts {
  let content: Promise<Content> | undefined;
  const copy = () => (content ??= wholeContent());
  const started = new Map<string, Promise<ComponentType>>();
  const start = (name: string, load: () => Promise<ComponentType>) => {
    if (!started.has(name)) started.set(name, load());
    return started.get(name)!;
  };
  const withWholeCopy = (name: string, load: () => Promise<ComponentType>) =>
    lazy(async () => {
      const [Part, whole] = await Promise.all([start(name, load), copy()]);
      return {
        default: function WithWholeCopy() {
          return (
            <ContentProvider content={whole}>
              <Part />
            </ContentProvider>
          );
        },
      };
    });

  let wantNotifications!: () => void;
  const notificationsWanted = new Promise<void>((resolve) => {
    wantNotifications = resolve;
  });
  const loadSection = (section: SlotSection) => () => {
    if (section.toasts) wantNotifications();
    return section.load();
  };
  const parts = new Map(sections.map((section) => [section.id, withWholeCopy(section.id, loadSection(section))]));
  return {
    section: (id) => {
      const part = parts.get(id);
      if (!part) throw new Error(`no section "${id}" in the registry`);
      return part;
    },
    Notifications: withWholeCopy('notifications', () => notificationsWanted.then(loadNotifications)),
    preload: () => {
      void copy();
      for (const section of sections) if (section.hydrates) void start(section.id, loadSection(section));
    },
  };
}

/**
 * One section below the first screen: a wrapper (`data-section`, what CSS estimates the height of
 * and what ./pending.ts calls a unit) around a Suspense boundary. React hydrates each boundary on
 * its own, after the first screen, in slices, and first the one the visitor interacts with; its
 * prerendered HTML is on screen meanwhile. A section that does not hydrate keeps its HTML for good
 * (./Static.tsx).
 */
export function Slot({ section, Part }: { section: SlotSection; Part: ComponentType }) {
  if (!section.hydrates) {
    return (
      <div data-section={section.id}>
        <Static>
          <Part />
        </Static>
      </div>
    );
  }
  if (!import.meta.env.SSR) expectUnit(section.id);
  // (Live also says so, but only once its boundary renders: this runs with the page's first render.)
  return (
    <div data-section={section.id}>
      <Suspense fallback={null}>
        <Part />
        <Live name={section.id} selector={`[data-section="${section.id}"]`} />
      </Suspense>
    </div>
  );
}

/**
 * Marks a unit live when React commits it (./live.ts); `selector` finds its element. It renders
 * nothing, so it changes no markup, and it must be rendered by the unit's own boundary.
 */
export function Live({ name, selector }: { name: string; selector: string }) {
  if (!import.meta.env.SSR) expectUnit(name);
  useLayoutEffect(() => markLive(name, document.querySelector(selector)), [name, selector]);
  return null;
}

/**
 * Where notifications appear (sonner's region): a boundary of its own, loaded with the first
 * section that can raise one (SlotSection.toasts). Not a section: no height estimate, and never
 * left unrendered (its toasts are fixed to the viewport, which paint containment would break).
 */
export function NotificationsSlot({ Part }: { Part: ComponentType }) {
  if (!import.meta.env.SSR) expectUnit('toasts');
  return (
    <div data-notifications="">
      <Suspense fallback={null}>
        <Part />
        <Live name="toasts" selector="[data-notifications]" />
      </Suspense>
    </div>
  );
}
