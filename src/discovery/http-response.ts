// The response shape the discovery and OpenAPI builders hand to the router.
export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  /** Absent for 304 and bodiless answers. */
  body?: string | Uint8Array;
}
