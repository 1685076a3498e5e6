// Conformance tests kubelite fails on purpose or has not reached yet, with the reason (also in docs/deviations.md).
export const EXPECTED_FAILURES: Record<string, string> = {
};
