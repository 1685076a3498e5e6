// The patch media types (kube's types.PatchType) and the serializer format each one's body is written in.
export const APPLY_YAML = 'application/apply-patch+yaml';
export const APPLY_CBOR = 'application/apply-patch+cbor';

/** The patch types every endpoint reads; apply-patch+cbor only where the endpoint serves CBOR (PATCH_TYPES_WITH_CBOR). */
export const PATCH_TYPES = ['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json', APPLY_YAML] as const;
export const PATCH_TYPES_WITH_CBOR = [...PATCH_TYPES, APPLY_CBOR] as const;
export type PatchType = (typeof PATCH_TYPES_WITH_CBOR)[number];

/** The media type a patch type's body is written in: its serializer reads it. */
export const BODY_MEDIA_TYPE: Record<PatchType, string> = {
  'application/json-patch+json': 'application/json',
  'application/merge-patch+json': 'application/json',
  'application/strategic-merge-patch+json': 'application/json',
  [APPLY_YAML]: 'application/yaml',
  [APPLY_CBOR]: 'application/cbor',
};

/** Whether a patch type is server-side apply (kube's apply-patch+yaml and apply-patch+cbor). */
export const isApplyPatch = (type: string | undefined): boolean => type === APPLY_YAML || type === APPLY_CBOR;
