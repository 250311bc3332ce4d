// Its own module, without zod: the page's call code imports it, and must not bring in the contract's
// validation library (the contact form's check loads zod on first touch only).

/**
 * Where the page puts the session id when it starts the call (`assistantOverrides.metadata`), so
 * that Vapi's reports of the call (status-update, end-of-call-report: `call.assistantOverrides`)
 * name the key it came from, and the server counts the call against that key's network.
 */
export const SESSION_METADATA_KEY = 'siteSession';
