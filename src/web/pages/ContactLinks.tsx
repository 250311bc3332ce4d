import { Mail, Phone } from 'lucide-react';
import { site } from '../../config/site';
import type { Locale } from '../../contracts/locales';
import { formatPhone } from '../../content';

/**
 * The firm's phone and e-mail as list items, each a link after its icon: the other pages' footer
 * (./PageFooter.tsx) and the 404 page. `labels`, where given, name each for screen readers before it.
 */
export function ContactLinks({
  locale,
  linkClass,
  iconClass,
  labels,
}: {
  locale: Locale;
  linkClass: string;
  iconClass: string;
  labels?: { phoneLabel: string; emailLabel: string };
}) {
  const ways = [
    { Icon: Phone, href: site.phoneHref, text: formatPhone(site.phone, locale), label: labels?.phoneLabel, className: `${linkClass} whitespace-nowrap` },
    { Icon: Mail, href: `mailto:${site.email}`, text: site.email, label: labels?.emailLabel, className: linkClass },
  ];
  return ways.map(({ Icon, href, text, label, className }) => (
    <li key={href}>
      <a href={href} className={className}>
        <Icon aria-hidden="true" focusable="false" className={iconClass} />
        {label === undefined ? null : <span className="sr-only">{label} </span>}
        {text}
      </a>
    </li>
  ));
}
