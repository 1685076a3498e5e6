// What verb handlers get from the router beyond the request's scope.
import type { Authorizer } from '../authz/authorizer.js';
import type { WriteHooks } from './write-hooks.js';
import type { AuthnServices } from '../authn/services.js';

export interface HandlerDeps {
  /** Field validation, defaulting and managedFields for every write (extensions may wrap them). */
  writeHooks: WriteHooks;
  authorizer: Authorizer;
  /** Token issuing and reviewing (set once authentication is assembled). */
  authn?: AuthnServices;
}
