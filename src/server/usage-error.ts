/** A configuration error found at start: the command prints it and exits with code 1. */
export class UsageError extends Error {}
