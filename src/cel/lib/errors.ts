// The one error type the value-level CEL libraries throw. Its message is the exact text cel-go or
// Kubernetes puts in the CEL error value, so the engine can wrap it unchanged.
export class CelLibraryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CelLibraryError';
  }
}

/** cel-go's types.MaybeNoSuchOverloadErr text, for bindings that get a value of the wrong kind. */
export const NO_SUCH_OVERLOAD = 'no such overload';
