import { useFirstScreenContent } from '../lib/content-context';
import type { CollectionNotice } from '../../content/types';
import { pagePath } from '../lib/pages';

/**
 * A notice at collection (Quebec Law 25): one short sentence or two where the information is
 * collected, ending with a link to the privacy policy in the page's language. Give it an `id` and
 * point the form's controls at it with aria-describedby, so screen readers hear it too. The link's
 * few words stay on one line, so none is left alone on the last.
 */
export function PrivacyNotice({ notice, id, className = '' }: { notice: CollectionNotice; id?: string; className?: string }) {
  const { locale } = useFirstScreenContent();
  return (
    <p id={id} className={`text-sm text-slate-600 dark:text-slate-400 ${className}`}>
      {notice.text}{' '}
      <a
        href={`${pagePath('privacy', locale)}${notice.section ? `#${notice.section}` : ''}`}
        className="font-medium whitespace-nowrap text-accent underline underline-offset-2 hover:text-brand-900 dark:hover:text-white"
      >
        {notice.link}
      </a>
    </p>
  );
}
