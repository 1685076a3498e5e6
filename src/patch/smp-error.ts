// Errors of strategic merge patch, classified the way kube-apiserver's patch handler maps them to
// HTTP answers: a few texts are 400s, two are generic 422s, everything else is a bare 500.
import { StatusError, badRequest, unknownError } from '../errors/status.js';
import { patchApplyFailed } from './patch-errors.js';

export type SmpErrorKind = 'bad-request' | 'unprocessable' | 'internal';

export class SmpError extends Error {
  constructor(
    message: string,
    readonly kind: SmpErrorKind,
  ) {
    super(message);
    this.name = 'SmpError';
  }
}

export const ERR_PRIMITIVE_LIST = 'invalid patch format of primitive list';
export const ERR_RETAIN_KEYS = 'invalid patch format of retainKeys';
export const ERR_SET_ELEMENT_ORDER = 'invalid patch format of setElementOrder list';
export const ERR_LIST_OF_LISTS = 'lists of lists are not supported';

export const badFormat = (message: string): SmpError => new SmpError(message, 'bad-request');
export const mergeFailure = (message: string): SmpError => new SmpError(message, 'internal');

/** The Status a client sees for an SmpError. */
export function smpErrorToStatus(e: SmpError): StatusError {
  switch (e.kind) {
    case 'bad-request':
      return badRequest(e.message);
    case 'unprocessable':
      // kube answers with the generic 422 text, not the error's own.
      return patchApplyFailed();
    case 'internal':
      return unknownError(e.message);
  }
}
