/**
 * The server's whole configuration, parsed from the environment in one place:
 *   types.ts           what the app receives: ServerConfig and its parts
 *   env-schema.ts      each variable: its format, its default, its error message
 *   load.ts            loadServerConfig: the schema, the rules between variables, the SITE_* ones
 *   webhook-secret.ts  WEBHOOK_SECRET's whsec_ format and the signing key it holds
 *   variables.ts       what start-up warns of: a variable that is none of these, no one told of leads
 */
export { ConfigError, loadServerConfig } from './load';
export { DEFAULT_PROOF_ATTEMPTS, SERVER_VARIABLES } from './env-schema';
export { WEBHOOK_SECRET_HINT, webhookKey } from './webhook-secret';
export { KNOWN_VARIABLES, noChannelWarning, unknownVariables } from './variables';
export {
  type DeliveryConfig,
  type LogLevel,
  type NotificationConfig,
  type ProofOfWorkConfig,
  type RateLimit,
  type ServerConfig,
  type StatsConfig,
  type VoiceConfig,
} from './types';
