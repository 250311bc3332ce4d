import { SignJWT } from 'jose';

/**
 * The key a visitor's browser gets for one demo call: a JWT of public scope, as Vapi's "JWT
 * authentication" guide describes it (docs/voice.md). Vapi accepts public-scope tokens only on
 * POST /call/web, and enforces the restrictions: this origin, this assistant, no assistant made up
 * on the fly. It expires after TOKEN_LIFETIME_SECONDS, so a copied token is worth one call start
 * for two minutes, within the limits that made it.
 *
 * The guide shows the signing by example only (`generateJWT(payload, key, { expiresIn })`, i.e.
 * jsonwebtoken's default): HS256 with the organization's private key, `iat` and `exp` claims,
 * header `{ alg: 'HS256', typ: 'JWT' }`. That is what this signs; a real call could not confirm it
 * from the machines this was built on.
 */
export const TOKEN_LIFETIME_SECONDS = 120;

export type VoiceTokenClaims = {
  orgId: string;
  token: {
    tag: 'public';
    restrictions: { enabled: true; allowedOrigins: string[]; allowedAssistantIds: string[]; allowTransientAssistant: false };
  };
};

export function voiceTokenClaims(options: { orgId: string; origin: string; assistantId: string }): VoiceTokenClaims {
  return {
    orgId: options.orgId,
    token: {
      tag: 'public',
      restrictions: { enabled: true, allowedOrigins: [options.origin], allowedAssistantIds: [options.assistantId], allowTransientAssistant: false },
    },
  };
}

export async function signVoiceToken(options: { privateKey: string; orgId: string; origin: string; assistantId: string; now?: Date }): Promise<string> {
  const issuedAt = Math.floor((options.now ?? new Date()).getTime() / 1000);
  return new SignJWT(voiceTokenClaims(options))
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
    .sign(new TextEncoder().encode(options.privateKey));
}
