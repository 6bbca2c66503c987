const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` search parameter of a filter in the address; anything else counts as absent. */
export function dateParam(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name) ?? '';
  return LOCAL_DATE.test(value) ? value : undefined;
}
