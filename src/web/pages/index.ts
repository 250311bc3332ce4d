import type { ComponentType } from 'react';
import type { Content } from '../content';
import { NotFoundPage } from './not-found/NotFoundPage';
import { PrivacyPage } from './privacy/PrivacyPage';

/**
 * The documents other than the home page. The client loads this module only on those pages (a
 * separate chunk: the home page never downloads the privacy policy); the prerender step imports
 * it directly.
 */
export const secondaryPages: Record<'privacy' | 'not-found', ComponentType<{ content: Content }>> = {
  privacy: PrivacyPage,
  'not-found': NotFoundPage,
};
