// What the resource handlers need from authentication: issuing service-account tokens (serviceaccounts/token),
// reviewing tokens (TokenReview) and the API audiences.
import type { AuthResult } from './authenticator.js';
import type { ServiceAccountGetter } from './serviceaccount/authenticator.js';
import type { SigningKey } from './serviceaccount/keys.js';

export interface ServiceAccountTokenSettings {
  /** The first --service-account-issuer: written into new tokens. */
  issuer: string;
  /** Awaited by whatever signs: a key kubelite generates on a first start is made while the server starts. */
  signingKey: Promise<SigningKey>;
  /** --service-account-max-token-expiration in seconds (0: no maximum). */
  maxExpirationSeconds: number;
  /** --service-account-extend-token-expiration. */
  extendExpiration: boolean;
}

export interface AuthnServices {
  apiAudiences: string[];
  serviceAccountTokens: ServiceAccountTokenSettings;
  objects: ServiceAccountGetter;
  /** Runs a token through the whole request authenticator as a TokenReview does. */
  reviewToken(token: string, audiences: string[]): Promise<{ result: AuthResult; warnings: string[] }>;
}
