import type { KindId, Purpose, Recipient, RetentionEvent, RetentionSetting } from '../../contracts/kept-data';

/** The policy's sections, by the anchor a link to one ends with (the notices' `section`, ../types.ts). */
export type PrivacySectionId = 'who' | 'officer' | 'collected' | 'voice-demo' | 'storage' | 'retention' | 'trackers' | 'sharing' | 'rights' | 'changes';

/**
 * The privacy policy page (Law 25), per locale, in ./en.ts and ./fr.ts. Kept out of `Content`
 * (../types.ts) so the home page's bundle does not carry it. Paragraphs and list items may contain
 * `[label](href)` links (rendered by components/RichText.tsx) besides the usual placeholders. It states the choices the
 * deployment made, never the ones it could have made: `{database}`, `{retention}`, `{callReport}`.
 */
export type PrivacyPolicy = {
  meta: { title: string; description: string };
  title: string;
  updated: string;
  intro: string;
  /** Title of the table of contents. */
  contents: string;
  /**
   * What is kept of a call that ends in a callback request, as the deployment chose it (with or
   * without its transcript, SiteConfig['policy']): stands where a paragraph says `{callReport}`.
   */
  callReport: { summaryOnly: string; withTranscript: string };
  /** The section whose `table` is true shows, after its paragraphs, the table of what is kept. */
  sections: { id: PrivacySectionId; title: string; paragraphs: string[]; list?: string[]; table?: true; after?: string[] }[];
  /**
   * The words of the table of what is kept: one row per kind of data the server's declaration names
   * (src/contracts/kept-data.ts), its purpose, how long and who sees it, in this language. The
   * durations a setting decides are the deployment's (`{retention}`, `{statsRetention}`,
   * `{vapiRetention}`), fixed ones are written by `durationInWords`.
   */
  kept: {
    caption: string;
    headers: { what: string; why: string; howLong: string; seenBy: string };
    kinds: Record<KindId, string>;
    purposes: Record<Purpose, string>;
    until: Record<RetentionEvent, string>;
    /** A number of days a setting decides, as the deployment set it. */
    settings: Record<RetentionSetting, string>;
    /** VAPI_CALL_RETENTION_DAYS=0: the record is deleted at the next daily run once the call is settled. */
    vapiAtOnce: string;
    /** A number of days the declaration fixes: `{days}` in words. */
    days: string;
    /** Who sees it, each with the place it is when it is not the firm's. */
    recipients: Record<Recipient, string>;
    /** When only the server itself uses it. */
    serverOnly: string;
  };
  backHome: string;
};

/** The table of what is kept, as the page shows it: every cell filled for this deployment. */
export type KeptTable = {
  caption: string;
  headers: PrivacyPolicy['kept']['headers'];
  rows: { kind: KindId; what: string; why: string; howLong: string; seenBy: string[] }[];
};
